import { spawn } from "node:child_process";
import path from "node:path";
import { freePort } from "../tests/helpers/server-process";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";

/** Waits until `url` answers 2xx: a server the bench started is ready (up to a minute by default). */
export async function waitUntilAnswers(url: string, tries = 600): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

export interface BenchServer {
  site: string;
  stop(): Promise<void>;
}

/**
 * The production server (`buildDir`) on a free loopback port, with `env` (its DATA_DIR, DATABASE_URL) and the
 * write rate limit out of the way; ready once /healthz answers. Its log shows with BENCH_VERBOSE.
 */
export async function startBenchServer(env: NodeJS.ProcessEnv, buildDir: string): Promise<BenchServer> {
  const port = await freePort();
  const site = `http://localhost:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(buildDir, "server.js")], {
    env: { ...env, NODE_ENV: "production", PORT: String(port), PUBLIC_URL: site, ADMIN_WRITE_RATE_LIMIT: "1000000" },
    detached: true,
    stdio: ["ignore", "ignore", process.env.BENCH_VERBOSE ? "inherit" : "ignore"],
  });
  const stop = async () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // gone
    }
    if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once("exit", r));
  };
  try {
    await waitUntilAnswers(`${site}/healthz`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { site, stop };
}

/** The server's event-loop delay p99 as /readyz reports it; undefined when it does not. */
export async function serverLoopDelayP99(site: string): Promise<number | undefined> {
  const readyz = (await fetch(`${site}/readyz`).then(
    (r) => r.json(),
    () => ({}),
  )) as { eventLoopDelayP99Ms?: number };
  return readyz.eventLoopDelayP99Ms;
}

/** A throwaway database `name` on the PostgreSQL server of `postgresUrl`: its URL, and how to drop it. */
export async function createScratchDatabase(
  postgresUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = (await import("postgres")).default(postgresUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
