import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

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

/** Starts the production build (`server.ts`) in its own process group with a fresh data folder. */
export async function startServer(env: Record<string, string> = {}, timeoutMs = 60_000): Promise<RunningServer> {
  const port = Number(env.PORT ?? (await freePort()));
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-server-"));
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
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
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) {
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

/** Runs server.ts expecting it to refuse to start; returns its exit code and output. */
export function runServerExpectingFailure(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = "";
    const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
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
