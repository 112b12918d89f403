/**
 * The bench on a large site (npm run bench, or `npm run bench -- --only large`): the data of
 * `npm run seed:large` (1,000 posts, 200 roles, 500 images, 100,000 messages, 200,000 audit rows) on the
 * embedded database and on PostgreSQL (a throwaway database on the local server, when there is one). For
 * each store, with the production server on loopback:
 *   - /newsroom?page=5 and a search at 10 connections (p50 / p99): the same search again and again (kept
 *     in the page cache after its first answer), and a different search each time (never kept);
 *   - every admin screen, and the inbox's last page, as an operator: the median of five loads, in ms;
 *   - the CSV export of every message: its time and the server's peak resident memory above where it was.
 * BENCH_LARGE_SCALE scales the data (default 1); BENCH_LARGE_DATA_DIR reuses an embedded database already
 * filled (seeding takes about two minutes a store, nearly all of it encoding the images).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ADMIN_SCREENS } from "~/utils/admin-screens";
import { signInOverHttp } from "../tests/helpers/http-sign-in";
import { freePort } from "../tests/helpers/server-process";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";
import { createScratchDatabase, waitUntilAnswers } from "./bench-support";

const SEARCH_WORDS = ["portfolio", "risk", "forecast", "signals", "pension", "dividend", "volatility", "isa", "fca", "model", "research", "careers", "privacy", "investors", "markets", "data", "explainable", "tax", "fees", "beta"];

function rssMB(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}


const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function seed(env: NodeJS.ProcessEnv, scale: string): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed-large.ts", "--scale", scale], { env, stdio: ["ignore", "ignore", "inherit"] });
  if (run.status !== 0) throw new Error("seed:large failed");
  return (performance.now() - started) / 1000;
}

interface StoreFigures {
  store: string;
  seedSeconds: number | null;
  rows: string[];
  admin: [string, number][];
  csv: { seconds: number; megabytes: number; peakGrowthMB: number };
}

async function measure(store: string, env: NodeJS.ProcessEnv, seconds: number, seedSeconds: number | null): Promise<StoreFigures> {
  const port = await freePort();
  const site = `http://localhost:${port}`;
  const server: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(env.BUILD_DIR ?? "build", "server.js")], {
    env: { ...env, NODE_ENV: "production", PORT: String(port), PUBLIC_URL: site, CONTACT_RATE_LIMIT: "1000000", ADMIN_WRITE_RATE_LIMIT: "1000000" },
    detached: true,
    stdio: "ignore",
  });
  try {
    await waitUntilAnswers(`${site}/healthz`);
    const operator = await signInOverHttp(site);

    const rows: string[] = [];
    const load = async (name: string, options: autocannon.Options) => {
      const result = await autocannon({ connections: 10, duration: seconds, ...options });
      rows.push(`| ${name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx + result.errors} |`);
    };
    await fetch(`${site}/newsroom?page=5`).then((r) => r.arrayBuffer());
    await load("GET /newsroom?page=5", { url: `${site}/newsroom?page=5` });
    await fetch(`${site}/search?q=portfolio+risk`).then((r) => r.arrayBuffer());
    await load("GET /search?q=portfolio+risk (the same search again)", { url: `${site}/search?q=portfolio+risk` });
    let n = 0;
    await load("GET /search?q=… (a different search each time)", {
      url: `${site}/search`,
      requests: [
        {
          setupRequest: (request) => {
            // Two or three words picked by the digits of a counter: a query never asked before, up to 8,000.
            const i = n++;
            const words = [i % 20, Math.floor(i / 20) % 20, ...(i >= 400 ? [Math.floor(i / 400) % 20] : [])].map((k) => SEARCH_WORDS[k]);
            return { ...request, path: `/search?q=${words.join("+")}` };
          },
        },
      ],
    });

    const screens = [...ADMIN_SCREENS.map((screen) => screen.href), "/admin/messages?page=2000", "/admin/news?page=40", "/admin/media?page=20"];
    const admin: [string, number][] = [];
    for (const screen of screens) {
      const times: number[] = [];
      for (let i = 0; i < 6; i++) {
        const started = performance.now();
        const response = await operator.fetch(`${site}${screen}`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${screen} answered ${response.status}`);
        if (i > 0) times.push(performance.now() - started);
      }
      admin.push([screen, median(times)]);
    }

    // The CSV export, with the server's memory sampled every 20 ms while it streams.
    await new Promise((r) => setTimeout(r, 1000));
    const before = rssMB(server.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMB(server.pid));
    }, 20);
    const started = performance.now();
    const response = await operator.fetch(`${site}/admin/messages.csv`, { headers: { "Accept-Encoding": "gzip" } });
    let bytes = 0;
    const reader = response.body!.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.length;
    const csvSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMB(server.pid));
    return { store, seedSeconds, rows, admin, csv: { seconds: csvSeconds, megabytes: bytes / 1024 / 1024, peakGrowthMB: peak - before } };
  } finally {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // gone
    }
    await new Promise((r) => server.once("exit", r));
  }
}

function report(figures: StoreFigures, seconds: number): void {
  console.log(`\n### ${figures.store}${figures.seedSeconds === null ? " (data reused)" : `, seeded in ${figures.seedSeconds.toFixed(0)} s`}`);
  console.log(`\nLoad: autocannon, 10 connections, ${seconds} s each\n`);
  console.log("| target | req/s | p50 ms | p99 ms | errors/non-2xx |");
  console.log("|---|---:|---:|---:|---:|");
  for (const row of figures.rows) console.log(row);
  console.log("\n| admin screen (signed in) | median ms of 5 |");
  console.log("|---|---:|");
  for (const [screen, ms] of figures.admin) console.log(`| ${screen} | ${ms.toFixed(0)} |`);
  const { csv } = figures;
  console.log(`\nCSV export of every message (gzip): ${csv.seconds.toFixed(1)} s, ${csv.megabytes.toFixed(1)} MB of CSV (sent gzipped), server peak RSS ${csv.peakGrowthMB} MB above where it was`);
}

/** Seeds (or reuses) the large site on each store and prints its figures. */
export async function benchLarge(options: { buildDir: string; postgresUrl: string }): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const scale = process.env.BENCH_LARGE_SCALE ?? "1";
  const { DATABASE_URL: _ignored, ...base } = process.env;
  const env = { ...base, BUILD_DIR: options.buildDir };
  console.log(`\n## The large site (seed:large at scale ${scale})`);

  const reused = process.env.BENCH_LARGE_DATA_DIR;
  const dataDir = reused ?? fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-bench-large-"));
  const embeddedSeed = reused ? null : seed({ ...env, DATA_DIR: dataDir }, scale);
  report(await measure("embedded (PGlite)", { ...env, DATA_DIR: dataDir }, seconds, embeddedSeed), seconds);
  if (!reused) fs.rmSync(dataDir, { recursive: true, force: true });

  if (spawnSync("pg_isready", ["-d", options.postgresUrl, "-q"]).status !== 0) {
    console.log("\n(PostgreSQL: no server reachable)");
    return;
  }
  const database = await createScratchDatabase(options.postgresUrl, `kestrel_bench_large_${process.pid}`);
  const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-bench-large-pg-"));
  try {
    const pgEnv = { ...env, DATA_DIR: pgDataDir, DATABASE_URL: database.url };
    const pgSeed = seed(pgEnv, scale);
    report(await measure("PostgreSQL", pgEnv, seconds, pgSeed), seconds);
  } finally {
    await database.drop();
    fs.rmSync(pgDataDir, { recursive: true, force: true });
  }
}

/**
 * `npm start` with a current build, on an embedded database that exists: from the command to the first
 * page answered (median of five), so a restart is known to be quick.
 */
export async function benchStart(options: { buildDir: string }): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-bench-start-"));
  const { DATABASE_URL: _ignored, ...base } = process.env;
  const times: number[] = [];
  try {
    for (let run = 0; run < 6; run++) {
      const port = await freePort();
      const started = performance.now();
      const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "scripts/start.mjs"], {
        env: { ...base, BUILD_DIR: options.buildDir, PORT: String(port), DATA_DIR: dataDir },
        detached: true,
        stdio: "ignore",
      });
      await waitUntilAnswers(`http://127.0.0.1:${port}/`, 1200);
      // The first run creates the embedded database (initdb): it is not a restart.
      if (run > 0) times.push((performance.now() - started) / 1000);
      process.kill(-child.pid!, "SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n\`npm start\` with a current build to the first page answered (embedded database, 5 restarts): median ${median(times).toFixed(2)} s, slowest ${Math.max(...times).toFixed(2)} s`);
}
