import http from "node:http";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { prepareDatabase } from "./db/prepare.server";
import { setDatabase } from "./db/client.server";
import { startContentSync } from "./app/server/http/content-sync.server";
import { analyticsConfigured, watchAnalyticsSettings } from "./app/models/analytics-settings.server";
import { gracefulShutdown } from "./app/server/http/graceful-shutdown.server";
import { finalErrorHandler, remixHandler } from "./app/server/http/remix-handler.server";
import { refuseCrossSiteWrites } from "./app/server/http/write-guard.server";
import { servePageFromCache } from "./app/server/http/page-cache.server";
import { sendBareError } from "./app/server/http/error-response.server";
import { checkRequestTarget } from "./app/server/http/request-target.server";
import { precompressedAssets } from "./app/server/http/precompressed-assets.server";
import { securityHeaders, type PolicyInputs } from "./app/server/http/security-headers.server";
import { ConfigError, loadConfig, setConfig, type Config } from "./app/server/config.server";

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

const config = readConfig();
setConfig(config);
for (const warning of config.warnings) log(`warning: ${warning}`);

let database;
try {
  database = await prepareDatabase(config);
} catch (error) {
  console.error(`The server cannot start: the database failed to open (${(error as Error).message}).`);
  process.exit(1);
}
setDatabase(database);
const stopContentSync = await startContentSync(database);
await watchAnalyticsSettings();
log(`database: ${database.driver === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`}`);

const isDevelopment = config.nodeEnv === "development";
const app = express();
app.disable("x-powered-by");
app.set("trust proxy", config.trustProxy);

let shuttingDown = false;

const securityPolicy = (): PolicyInputs => ({
  secure: config.secure,
  formActionOrigins: config.oidc ? [new URL(config.oidc.issuer).origin] : [],
  analytics: analyticsConfigured(),
  connectSources: isDevelopment ? [`ws://localhost:${process.env.HMR_PORT ?? 24678}`] : [],
});
app.use(securityHeaders(securityPolicy));

app.get("/healthz", (_req, res) => {
  res.set("Cache-Control", "no-store").type("text/plain").send("ok");
});

app.get("/readyz", async (_req, res) => {
  res.set("Cache-Control", "no-store").type("text/plain");
  if (shuttingDown) return void res.status(503).send("shutting down");
  try {
    await withTimeout(database.ping(), 2000);
    res.send("ready");
  } catch {
    res.status(503).send("database unavailable");
  }
});

app.use(compression());

if (config.localIdentityProvider) {
  const { mountLocalIdentityProvider } = await import("./app/server/auth/local-identity-provider.server");
  mountLocalIdentityProvider(app, config);
  log(`sign-in: the local identity provider at ${config.publicUrl.origin}/oidc (no OIDC_ISSUER; local site only)`);
}
app.use(refuseCrossSiteWrites(() => config.publicUrl.origin));

let build: ServerBuild | (() => Promise<ServerBuild>);
if (isDevelopment) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  app.use(vite.middlewares);
  build = () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
} else {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const clientDir = path.join(buildDir, "client");
  const assetsDir = path.join(clientDir, "assets");
  app.use("/assets", precompressedAssets(assetsDir, "1y"));
  app.use("/assets", express.static(assetsDir, { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static(clientDir, { maxAge: "1h", index: false, dotfiles: "ignore" }));
  build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
}

app.all(
  "*",
  remixHandler({
    build,
    mode: isDevelopment ? "development" : "production",
    siteOrigin: config.publicUrl.origin,
    bodyIdleMs: config.limits.bodyIdleMs,
    pageCache: !isDevelopment,
    policy: securityPolicy,
    getLoadContext: (req, res) => ({
      cspNonce: String(res.locals.cspNonce ?? ""),
      clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
      peerAddress: req.socket.remoteAddress ?? "",
    }),
    databaseAvailable: () =>
      withTimeout(database.ping(), 1500).then(
        () => true,
        () => false,
      ),
  }),
);
app.use(finalErrorHandler);

// A malformed Host or path is refused before anything reads it; anonymous visitors' cached pages are then
// answered before Express: they cost about what a static file costs.
// Timeouts are checked every second, so a request or header deadline is kept to the second.
const server = http.createServer({ connectionsCheckingInterval: 1000 }, (req, res) => {
  const target = checkRequestTarget(req);
  if (!target.ok) return sendBareError(req, res, 400, target.message, securityPolicy());
  req.url = target.path + target.search;
  if (isDevelopment || !servePageFromCache(req, res, securityPolicy)) app(req, res);
});
server.listen(config.port, config.host, () => {
  log(`listening on ${config.publicUrl.origin} (port ${config.port} on ${config.host}, ${config.nodeEnv})`);
  if (config.localIdentityProvider && !config.hostExplicit) {
    log("only this computer can connect while the local identity provider is mounted (set HOST to change)");
  }
});
server.keepAliveTimeout = 65_000;
server.headersTimeout = Math.min(20_000, config.limits.requestTimeoutMs);
server.requestTimeout = config.limits.requestTimeoutMs;
server.maxConnections = config.limits.maxConnections;

const control = gracefulShutdown(server, {
  log,
  onClosed: async () => {
    await stopContentSync();
    await database.close();
  },
});
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    shuttingDown = true;
    void control.shutdown(signal);
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error("timeout")), ms).unref()),
  ]);
}
