import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../../scripts/server-node-flags.mjs";
import { freshDatabase, type CopiedDatabase } from "./postgres-template";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  port: number;
  /** The data folder (its embedded database when `databaseUrl` is undefined). */
  dataDir: string;
  /** The PostgreSQL database it was given, kept after it stops (the run's teardown drops it). */
  databaseUrl: string | undefined;
  origin: string;
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/**
 * The environment of a server under test: this process's, less DATABASE_URL, which a test passes
 * explicitly when it wants PostgreSQL (otherwise the server uses PGlite in its own data folder and never
 * touches the database the suite was pointed at), or that the integration suite's PostgreSQL pass gives
 * it (SERVERS_ON_POSTGRES_VARIABLE).
 */
function serverEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return rest;
}

/** Set by the global setup when the integration suite runs on PostgreSQL: servers get a database there. */
export const SERVERS_ON_POSTGRES_VARIABLE = "KESTREL_TEST_SERVERS_ON_POSTGRES";

/**
 * The database a server under test gets when the test names none: in the integration suite's PostgreSQL
 * pass, a fresh copy of the run's template on that server (so that pass proves the server on PostgreSQL
 * and starts no PGlite), dropped with the template at the end of the run; otherwise none (the server's
 * own embedded database).
 */
async function databaseForServer(env: Record<string, string>): Promise<CopiedDatabase | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl || !process.env[SERVERS_ON_POSTGRES_VARIABLE] || "DATABASE_URL" in env) return undefined;
  return freshDatabase(serverUrl);
}

/**
 * Set by the global setup: an embedded database folder, migrated and seeded, that a server given no data
 * folder and no PostgreSQL starts from (a copy), instead of spending 3 to 4 s of both cores on initdb.
 */
export const PGLITE_TEMPLATE_VARIABLE = "KESTREL_TEST_PGLITE_TEMPLATE";

/** A fresh data folder for a server; with the template, its embedded database is already made. */
function freshDataFolder(usesPostgres: boolean): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-server-"));
  const template = process.env[PGLITE_TEMPLATE_VARIABLE];
  if (template && !usesPostgres) fs.cpSync(template, path.join(dataDir, "pglite"), { recursive: true });
  return dataDir;
}

/** The built process entry: what production runs. */
export const SERVER_ENTRY = path.resolve(process.env.BUILD_DIR ?? "build", "server.js");

/** Starts the production build (`node build/server.js`) in its own process group with a fresh data folder. */
export interface StartOptions {
  timeoutMs?: number;
  /** Resolves true once the server answers (default: GET /healthz over plain HTTP). */
  ready?: (port: number) => Promise<boolean>;
}

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const port = Number(env.PORT ?? (await freePort()));
  const database = await databaseForServer(env);
  const dataDir = env.DATA_DIR ?? freshDataFolder(Boolean(database || env.DATABASE_URL));
  let output = "";
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    env: {
      ...serverEnv(),
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
      PORT: String(port),
    },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let ready = false;
  const answers = options.ready ?? (async () => (await fetch(`${origin}/healthz`)).ok);
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if (await answers(port)) {
        ready = true;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  if (!ready) {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
    await database?.drop();
    throw new Error(`The server did not start:\n${output}`);
  }

  return {
    port,
    dataDir,
    databaseUrl: database?.url ?? (env.DATABASE_URL || undefined),
    origin,
    process: child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid!, "SIGTERM");
        } catch {
          // already gone
        }
      }
      const code = await exited;
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Runs the built server expecting it to refuse to start; returns its exit code and output. */
export function runServerExpectingFailure(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = "";
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
      env: { ...serverEnv(), NODE_ENV: "production", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
