import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { setDatabase } from "~db/client.server";
import { InsufficientSpaceError } from "~db/embedded-database.server";
import { DataFolderInUseError } from "~db/folder-lock.server";
import { prepareDatabase, type PreparedDatabase } from "~db/prepare.server";
import { analyticsConfigured, watchAnalyticsSettings } from "~/models/analytics-settings.server";
import { ConfigError, loadConfig, setConfig, type Config } from "~/server/config.server";
import { startContentSync } from "./content-sync.server";
import {
  eventLoopDelayP99Ms,
  readiness,
  setDatabaseHealth,
  watchEventLoop,
  withTimeout,
} from "./database-health.server";
import { sendBareError } from "./error-response.server";
import { gracefulShutdown } from "./graceful-shutdown.server";
import { installLastResort } from "./last-resort.server";
import { arrivedOverPlainHttp, redirectToHttps } from "./https-redirect.server";
import { startMaintenance } from "./maintenance.server";
import { syncSearchPages, warmSearchIndex } from "~/server/site/search.server";
import { startNotificationDelivery } from "~/server/mail/notification-delivery.server";
import { serveMedia } from "./media-edge.server";
import { superviseServerProcesses } from "./server-processes.server";
import { startTrafficCounts } from "./traffic-counts.server";
import { serveJsonFromCache } from "./json-cache.server";
import { servePageFromCache } from "./page-cache.server";
import { precompressedAssets } from "./precompressed-assets.server";
import { redirectRuleOf, routeRedirects } from "./redirect-edge.server";
import { finalErrorHandler, remixHandler } from "./remix-handler.server";
import { checkRequestTarget } from "./request-target.server";
import { securityHeaders, type PolicyInputs } from "./security-headers.server";
import { refuseCrossSiteWrites } from "./write-guard.server";
import { renderInWorker } from "~/server/site/render-off-thread.server";

export interface StartOptions {
  /** The Remix server build (production), or a loader of Vite's development build. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The production build's folder (client assets, migrations); absent in development. */
  buildDir?: string;
  /** Vite's development middleware; absent in production. */
  viteMiddleware?: express.RequestHandler;
}

const log = (message: string) => console.log(`[server] ${message}`);

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error("The server cannot start; fix these environment variables:");
      for (const problem of error.problems) console.error(`  ${problem}`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The whole server, started from the build (the entry Node runs imports only the build and calls this):
 * configuration, the database (migrated and seeded), Express for everything the page cache does not
 * answer, and a graceful shutdown on SIGTERM and SIGINT.
 */
export async function startServer(options: StartOptions): Promise<void> {
  const config = readConfig();
  setConfig(config);
  for (const warning of config.warnings) log(`warning: ${warning}`);
  const development = config.nodeEnv === "development";
  if (config.processes > 1 && cluster.isPrimary && !development)
    return superviseServerProcesses(config.processes, log);
  let stopForRestart = (reason: string): void => {
    console.error(`The server is stopping: ${reason}.`);
    process.exit(1);
  };
  installLastResort({ log: (message) => console.error(`[server] ${message}`), stop: () => stopForRestart });

  // Once running, a database that cannot be brought back ends the process (non-zero), so that its
  // supervisor restarts it; shutdown is set up below.
  let fatal: (message: string) => void = (message) => {
    console.error(`The server is stopping: ${message}.`);
    process.exit(1);
  };
  // Markdown renders (a write of a post or role, an editor's preview) go to a worker thread in production.
  renderInWorker(
    options.buildDir
      ? { script: path.join(options.buildDir, "render-worker.js"), module: path.join(options.buildDir, "server", "index.js") }
      : undefined,
  );
  const pgliteDir = path.join(config.dataDir, "pglite");
  let prepared: PreparedDatabase;
  try {
    prepared = await prepareDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: pgliteDir,
      siteUrl: config.publicUrl.origin,
      migrationsFolder: options.buildDir && path.join(options.buildDir, "migrations"),
      buildDir: options.buildDir,
      deadlineMs: config.limits.databaseTimeoutMs,
      log,
      onStateChange: (up) => log(up ? "the database is available again" : "the database is unavailable"),
      onFatal: (message) => fatal(message),
    });
  } catch (error) {
    console.error(
      error instanceof InsufficientSpaceError || error instanceof DataFolderInUseError
        ? `The server cannot start: ${error.message}`
        : `The server cannot start: the database failed to open (${(error as Error).message}).`,
    );
    process.exit(1);
  }
  const database = prepared.handle;
  setDatabase(database);
  setDatabaseHealth({ handle: database, embedded: prepared.embedded, dataDir: pgliteDir });
  const stopLoopWatch = watchEventLoop(log);
  const stopContentSync = await startContentSync(database);
  await syncSearchPages().catch((error: unknown) =>
    log(`search: the pages' copy was not written (${(error as Error).message})`),
  );
  // Loaded in the background: until it is, a search waits for it (within SEARCH_TIMEOUT_MS).
  warmSearchIndex().catch((error: unknown) =>
    log(`search: the index was not loaded at start (${(error as Error).message})`),
  );
  await watchAnalyticsSettings();
  const stopMaintenance = startMaintenance(log);
  const delivery = await startNotificationDelivery(database, config, log);
  const stopTrafficCounts = startTrafficCounts(log);
  log(
    `database: ${
      prepared.embedded
        ? `embedded (PGlite in ${pgliteDir}, its own process ${prepared.embedded.pid()})`
        : "PostgreSQL (DATABASE_URL)"
    }`,
  );

  let shuttingDown = false;
  const securityPolicy = (): PolicyInputs => ({
    secure: config.secure,
    formActionOrigins: config.oidc ? [new URL(config.oidc.issuer).origin] : [],
    analytics: analyticsConfigured(),
    connectSources: development ? [`ws://localhost:${process.env.HMR_PORT ?? 24678}`] : [],
  });

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.use(securityHeaders(securityPolicy));
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").type("text/plain").send("ok");
  });
  // JSON: the database's readiness, and this thread's event-loop delay, reported apart from it.
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (shuttingDown)
      return void res
        .status(503)
        .json({ status: "shutting down", eventLoopDelayP99Ms: eventLoopDelayP99Ms() });
    const state = await readiness(2000);
    if (state.ready) res.json({ status: "ready", eventLoopDelayP99Ms: eventLoopDelayP99Ms() });
    else
      res
        .status(503)
        .set("Retry-After", "10")
        .json({ status: "unavailable", reason: state.reason, eventLoopDelayP99Ms: eventLoopDelayP99Ms() });
  });
  // A 304 has no body to code: a Content-Encoding on it would be applied by caches to the copy they keep.
  app.use(compression({ filter: (req, res) => res.statusCode !== 304 && compression.filter(req, res) }));
  if (config.localIdentityProvider) {
    const { mountLocalIdentityProvider } = await import("~/server/auth/local-identity-provider.server");
    mountLocalIdentityProvider(app, config);
    log(
      `sign-in: the local identity provider at ${config.publicUrl.origin}/oidc (no OIDC_ISSUER; local site only)`,
    );
  }
  app.use(refuseCrossSiteWrites(() => config.publicUrl.origin));
  if (options.viteMiddleware) app.use(options.viteMiddleware);
  if (options.buildDir) {
    const clientDir = path.join(options.buildDir, "client");
    const assetsDir = path.join(clientDir, "assets");
    app.use("/assets", precompressedAssets(assetsDir, "1y"));
    app.use(
      "/assets",
      express.static(assetsDir, { immutable: true, maxAge: "1y", index: false, dotfiles: "ignore" }),
    );
    // The build's other public files are read from disk only for their own names: every other request would
    // otherwise cost a failed stat and the error object it throws (about 2 % of a search's time).
    const publicFiles = new Set(
      fs
        .readdirSync(clientDir)
        .filter((name) => name !== "assets")
        .map((name) => `/${name}`),
    );
    const serveFile = express.static(clientDir, { maxAge: "1h", index: false, dotfiles: "ignore" });
    app.use((req, res, next) =>
      publicFiles.has(`/${req.path.split("/")[1]}`) ? serveFile(req, res, next) : next(),
    );
  }
  app.all(
    "*",
    remixHandler({
      build: options.build,
      mode: development ? "development" : "production",
      siteOrigin: config.publicUrl.origin,
      bodyIdleMs: config.limits.bodyIdleMs,
      deadlineMs: config.limits.requestDeadlineMs,
      pageCache: !development,
      policy: securityPolicy,
      getLoadContext: (req, res) => ({
        cspNonce: String(res.locals.cspNonce ?? ""),
        clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
        peerAddress: req.socket.remoteAddress ?? "",
        redirect: redirectRuleOf(req) ?? null,
        // A document carries stored bodies in its markup only; a data request (a client-side navigation) in its data.
        markupOnly: req.path.endsWith(".data") ? undefined : new Map<string, string>(),
      }),
      databaseAvailable: () =>
        withTimeout(database.ping(), 1500).then(
          () => true,
          () => false,
        ),
    }),
  );
  app.use(finalErrorHandler);

  // A malformed Host or path is refused before anything reads it; plain HTTP on an https site is
  // redirected; media library images are answered next (content-addressed, from their own cache);
  // operators' redirect rules after them; anonymous visitors' cached pages and public JSON reads are then
  // answered before Express: they cost about what a static file costs. Timeouts are checked every second, so a request or header deadline is kept to the
  // second.
  const handle: http.RequestListener = (req, res) => {
    const target = checkRequestTarget(req);
    if (!target.ok) return sendBareError(req, res, 400, target.message, securityPolicy());
    req.url = target.path + target.search;
    if (config.secure && arrivedOverPlainHttp(req, config.trustProxy, Boolean(config.tls))) {
      if (redirectToHttps(req, res, config.publicUrl.origin, securityPolicy())) return;
    }
    if (serveMedia(req, res, securityPolicy)) return;
    routeRedirects(req, res, config.publicUrl.origin, securityPolicy, (marked) => {
      if (development || marked) return void app(req, res);
      const kept = req.url!.startsWith("/api/")
        ? serveJsonFromCache(req, res, securityPolicy)
        : servePageFromCache(req, res, securityPolicy);
      if (!kept) app(req, res);
    });
  };
  const serverOptions: http.ServerOptions = { connectionsCheckingInterval: 1000 };
  const server = config.tls
    ? https.createServer(
        {
          ...serverOptions,
          cert: fs.readFileSync(config.tls.certFile),
          key: fs.readFileSync(config.tls.keyFile),
        },
        handle,
      )
    : http.createServer(serverOptions, handle);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = Math.min(20_000, config.limits.requestTimeoutMs);
  server.requestTimeout = config.limits.requestTimeoutMs;
  server.maxConnections = config.limits.maxConnections;

  // A plain-HTTP port that only redirects (and answers the health probes).
  const redirector = config.httpRedirectPort
    ? http.createServer(serverOptions, (req, res) => {
        const target = checkRequestTarget(req);
        if (!target.ok) return sendBareError(req, res, 400, target.message, securityPolicy());
        req.url = target.path + target.search;
        if (!redirectToHttps(req, res, config.publicUrl.origin, securityPolicy())) app(req, res);
      })
    : undefined;

  const control = gracefulShutdown(server, {
    log,
    onClosed: async () => {
      redirector?.close();
      stopMaintenance();
      stopLoopWatch();
      await delivery?.stop();
      await stopTrafficCounts();
      await stopContentSync();
      await prepared.close();
    },
  });
  fatal = (message) => {
    console.error(`The server is stopping: ${message}.`);
    shuttingDown = true;
    // Nothing in flight can finish without the database: a short deadline, so a supervisor restarts soon.
    void control.shutdown("database failure", 1, 3000);
  };
  stopForRestart = (reason) => {
    shuttingDown = true;
    void delivery?.stop();
    void control.shutdown(reason, 1);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      shuttingDown = true;
      // Delivery stops claiming at once and finishes what it is sending while requests drain.
      void delivery?.stop();
      void control.shutdown(signal);
    });
  }

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const processNote = cluster.isWorker
    ? `, one of ${config.processes} processes, pid ${process.pid}`
    : "";
  log(
    `listening on ${config.publicUrl.origin} (port ${config.port} on ${config.host}, ${config.tls ? "TLS, " : ""}${config.nodeEnv}, Node ${process.version}${processNote})`,
  );
  if (redirector) {
    await new Promise<void>((resolve) => redirector.listen(config.httpRedirectPort, config.host, resolve));
    log(`redirecting plain HTTP on port ${config.httpRedirectPort} to ${config.publicUrl.origin}`);
  }
  if (config.localIdentityProvider && !config.hostExplicit) {
    log("only this computer can connect while the local identity provider is mounted (set HOST to change)");
  }
}
