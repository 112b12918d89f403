import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../../scripts/server-node-flags.mjs";

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
  origin: string;
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/**
 * The environment of a server under test: this process's, less DATABASE_URL, which a test passes
 * explicitly when it wants PostgreSQL (otherwise the server uses PGlite in its own data folder and never
 * touches the database the integration suite was pointed at).
 */
function serverEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return rest;
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
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-server-"));
  let output = "";
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    env: {
      ...serverEnv(),
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
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
    throw new Error(`The server did not start:\n${output}`);
  }

  return {
    port,
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
