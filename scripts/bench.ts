/**
 * npm run bench: builds, starts the production server on loopback with a fresh seeded database, and
 * measures in one run, with autocannon (50 connections, 10 s each by default):
 *   - a minimal Node http server answering the saved bytes of the home page from memory (the baseline),
 *   - the anonymous home page, /about, GET /api/products (beside a plain Node server sending its bytes) and
 *     an address with an operator's redirect rule
 *     (answered 301 at the edge; its responses are all 3xx, so autocannon counts each one as non-2xx),
 * printing requests per second, p50, p99 and each one's ratio to the baseline; then the cold render time
 * of each public page in process (median of 50), and the JavaScript and CSS each page ships: gzipped at
 * level 9, and as actually sent to a browser that accepts Brotli.
 *
 * The media library: an image (960 px, AVIF as a current browser asks for it) loaded like the pages against
 * the same baseline, beside a plain Node server sending that image's bytes; then the upload time of a
 * 12-megapixel JPEG (scripts/bench-media.ts).
 *
 * Last, what keeping history adds to a save: a product saved with its revision against the same save
 * without it (scripts/bench-revisions.ts).
 *
 * Then the time from `npm start` to the first page with a current build, and the large site
 * (scripts/bench-large.ts: seed:large's data on each store, the newsroom, search, every admin screen and
 * the CSV export of 100,000 messages).
 *
 * Then the heavy work a visitor or operator can cause, each with the server's event-loop delay: a
 * 40-megapixel upload (bench-media-intake), a 2,500-row redirect import with a cached page asked for
 * meanwhile (bench-redirect-import), a post of 20,000 headings saved and viewed (bench-markdown),
 * never-asked searches at 10 connections on the large site (bench-search) and the outbox's send rate
 * against the arrival rate (bench-outbox).
 *
 * BENCH_SECONDS and BENCH_CONNECTIONS override the load; --no-build reuses the existing build;
 * --only revisions|start|large|heavy|media-intake|redirect-import|markdown|search|outbox runs that section
 * alone; --only pages runs the public pages' weight and render figures alone (no load, no memory);
 * BENCH_LARGE=0 leaves the large site out.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { signInOverHttp } from "../tests/helpers/http-sign-in";
import { benchImage, benchUploads } from "./bench-media";
import { freePort } from "../tests/helpers/server-process";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";
import { waitUntilAnswers } from "./bench-support";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const PUBLIC_PAGES = ["/", "/about", "/platforms", "/research", "/investors", "/newsroom", "/careers", "/privacy", "/terms", "/cookies"];
/** The SPEC's ten pages, and the two a visitor without JavaScript reaches from them (the contact form, search). */
const MEASURED_PAGES = [...PUBLIC_PAGES, "/contact", "/search"];

const postgresUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** The heavy work a visitor or operator can cause, each measured with the event-loop delay beside it. */
const HEAVY_WORK: Record<string, () => Promise<unknown>> = {
  "media-intake": async () => (await import("./bench-media-intake")).benchMediaIntake(),
  "redirect-import": async () => (await import("./bench-redirect-import")).benchRedirectImport({ buildDir }),
  markdown: async () => (await import("./bench-markdown")).benchMarkdown({ buildDir }),
  search: async () => (await import("./bench-search")).benchSearch({ buildDir, postgresUrl }),
  outbox: async () => (await import("./bench-outbox")).benchOutbox({ postgresUrl }),
};

const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
const pagesOnly = only === "pages";
if (only !== undefined && !pagesOnly) {
  if (only === "revisions") {
    const { benchSaveWithRevision } = await import("./bench-revisions");
    await benchSaveWithRevision({ buildDir, postgresUrl });
  } else if (only === "large" || only === "start") {
    const { benchLarge, benchStart } = await import("./bench-large");
    if (only === "large") await benchLarge({ buildDir, postgresUrl });
    else await benchStart({ buildDir });
  } else if (only === "heavy") {
    for (const run of Object.values(HEAVY_WORK)) await run();
  } else if (only in HEAVY_WORK) {
    await HEAVY_WORK[only]!();
  } else {
    throw new Error(`--only takes "pages", "revisions", "large", "start", "heavy" or one of ${Object.keys(HEAVY_WORK).join(", ")}; not ${only}`);
  }
  process.exit(0);
}

if (!process.argv.includes("--no-build")) {
  const build = spawnSync("npx", ["remix", "vite:build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-bench-"));
const children: ChildProcess[] = [];
const stopAll = () => {
  for (const child of children) {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // gone
    }
  }
};
process.on("exit", stopAll);


// The embedded store unless a test says otherwise: DATABASE_URL here is only for the PostgreSQL figures.
const { DATABASE_URL: _postgres, ...embeddedEnv } = process.env;
const appPort = await freePort();
const app = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(buildDir, "server.js")], {
  env: { ...embeddedEnv, NODE_ENV: "production", PORT: String(appPort), DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${appPort}`, CONTACT_RATE_LIMIT: "1000000" },
  detached: true,
  stdio: "ignore",
});
children.push(app);
const appOrigin = `http://127.0.0.1:${appPort}`;
await waitUntilAnswers(`${appOrigin}/healthz`);

// An operator's redirect rule, made as an operator makes one (signed in through the local provider).
const site = `http://localhost:${appPort}`;
const operator = await signInOverHttp(site);
const rule = await operator.fetch(`${site}/api/admin/redirects`, {
  method: "POST",
  headers: { "Content-Type": "application/json", Origin: site },
  body: JSON.stringify({ from: "/old-about", to: "/about", statusCode: 301 }),
});
if (rule.status !== 201) throw new Error(`the bench's redirect rule was refused: ${rule.status} ${await rule.text()}`);

// An image in the library, asked for as a browser that takes AVIF asks.
const imagePath = pagesOnly ? "" : await benchImage(site, operator);
const IMAGE_ACCEPT = "image/avif,image/webp,image/apng,image/*,*/*;q=0.8";

// Warm both caches, and save the home page's bytes for the baseline.
for (const p of [...PUBLIC_PAGES, "/api/products", "/old-about"]) await fetch(`${appOrigin}${p}`).then((r) => r.arrayBuffer());
const imageBytes = pagesOnly ? Buffer.alloc(0) : Buffer.from(await (await fetch(`${appOrigin}${imagePath}`, { headers: { accept: IMAGE_ACCEPT } })).arrayBuffer());
await new Promise((r) => setTimeout(r, 2000));
const homeBytes = Buffer.from(await (await fetch(`${appOrigin}/`)).arrayBuffer());
// The JSON read's bytes as the cached read sends them when no compression is asked for.
const productsBytes = Buffer.from(await (await fetch(`${appOrigin}/api/products`, { headers: { "accept-encoding": "identity" } })).arrayBuffer());

/** A plain Node http server answering every request with these bytes from memory: a baseline. Its port. */
async function baselineServer(name: string, bytes: Buffer, contentType: string): Promise<number> {
  const file = path.join(dataDir, name);
  fs.writeFileSync(file, bytes);
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [
      "-e",
      `const body = require("fs").readFileSync(${JSON.stringify(file)});
       require("http").createServer((req, res) => { res.writeHead(200, { "content-type": ${JSON.stringify(contentType)}, "content-length": body.length }); res.end(body); }).listen(${port}, "127.0.0.1");`,
    ],
    { detached: true, stdio: "ignore" },
  );
  children.push(server);
  await waitUntilAnswers(`http://127.0.0.1:${port}/`);
  return port;
}
if (!pagesOnly) {
const embeddedIdle = [rssMB(app.pid), rssMB(childOf(app.pid))];
const basePort = await baselineServer("home.html", homeBytes, "text/html; charset=utf-8");
const jsonBasePort = await baselineServer("products.json", productsBytes, "application/json; charset=utf-8");
const imageBasePort = await baselineServer("image.avif", imageBytes, "image/avif");

interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function load(name: string, url: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

console.log(`\nLoad: autocannon, ${connections} connections, ${seconds} s each, on loopback (${os.cpus().length} cores)\n`);
const results = [
  await load("baseline: node http, saved home page", `http://127.0.0.1:${basePort}/`),
  await load("GET / (anonymous, cached)", `${appOrigin}/`),
  await load("GET /about (anonymous, cached)", `${appOrigin}/about`),
  await load("GET /api/products (JSON, kept in the JSON cache)", `${appOrigin}/api/products`),
  await load(`baseline: node http, the same JSON bytes (${productsBytes.length} B)`, `http://127.0.0.1:${jsonBasePort}/`),
  await load("GET /old-about (redirect rule: 301, counted as non-2xx)", `${appOrigin}/old-about?utm_source=bench`),
  await load(`GET /media/…/960 (library image, AVIF, ${(imageBytes.length / 1024).toFixed(0)} KB)`, `${appOrigin}${imagePath}`, { accept: IMAGE_ACCEPT }),
  await load("baseline: node http, the same image's bytes", `http://127.0.0.1:${imageBasePort}/`),
];
const base = results[0]!.rps;
console.log("| target | req/s | p50 ms | p99 ms | ratio to baseline | errors/non-2xx |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const r of results) {
  console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${(r.rps / base).toFixed(2)} | ${r.non2xx} |`);
}
const json = results.find((r) => r.name.startsWith("GET /api/products"))!;
const jsonBase = results.find((r) => r.name.includes("the same JSON bytes"))!;
console.log(`\nThe JSON read against plain Node sending its bytes: ${(json.rps / jsonBase.rps).toFixed(2)} (target at least 0.5), p99 ${json.p99} ms (target under 50 ms at ${connections} connections)`);

// Memory: the server's resident set (and the embedded database's process, with PGlite) idle after start,
// right after a mixed load (contact messages written, pages and JSON read), and idle again after it, on
// the embedded store and on PostgreSQL (a throwaway database on the local server, when there is one).
function rssMB(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}
function childOf(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  const found = spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" }).stdout.trim().split("\n")[0];
  return found ? Number(found) : undefined;
}
async function mixedLoad(origin: string) {
  let n = 0;
  const body = () =>
    JSON.stringify({ name: `Visitor ${n}`, email: `v${n++}@example.com`, subject: "General Inquiry", message: "A message for the memory figures." });
  await Promise.all([
    autocannon({ url: `${origin}/api/contact`, connections: 10, duration: seconds, method: "POST", headers: { "content-type": "application/json" }, setupClient: (c) => c.setBody(body()) }),
    autocannon({ url: `${origin}/search?q=forecasts`, connections: 10, duration: seconds }),
    autocannon({ url: `${origin}/api/products`, connections: 10, duration: seconds }),
  ]);
}
async function memory(store: string, server: ChildProcess, origin: string, idleAtStart?: number[]) {
  const database = childOf(server.pid);
  const idle = idleAtStart ?? [rssMB(server.pid), rssMB(database)];
  await mixedLoad(origin);
  const loaded = [rssMB(server.pid), rssMB(database)];
  await new Promise((r) => setTimeout(r, 5000));
  const after = [rssMB(server.pid), rssMB(database)];
  const both = (values: number[]) => (database ? `${values[0]} + ${values[1]}` : `${values[0]}`);
  console.log(`| ${store} | ${both(idle)} | ${both(loaded)} | ${both(after)} |`);
}
console.log("\nMemory (resident MB: the server, + the embedded database's process with PGlite):\n");
console.log("| store | idle after start | right after a mixed load | idle again (5 s later) |");
console.log("|---|---:|---:|---:|");
await memory("embedded (PGlite)", app, appOrigin, embeddedIdle);
if (spawnSync("pg_isready", ["-d", postgresUrl, "-q"]).status === 0) {
  const name = `kestrel_bench_${process.pid}`;
  const admin = (await import("postgres")).default(postgresUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const pgPort = await freePort();
  const pgServer = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(buildDir, "server.js")], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(pgPort), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-bench-pg-")), PUBLIC_URL: `http://localhost:${pgPort}`, DATABASE_URL: url.toString(), CONTACT_RATE_LIMIT: "1000000" },
    detached: true,
    stdio: "ignore",
  });
  children.push(pgServer);
  await waitUntilAnswers(`http://127.0.0.1:${pgPort}/healthz`);
  for (const p of [...PUBLIC_PAGES, "/api/products", "/old-about"]) await fetch(`http://127.0.0.1:${pgPort}${p}`).then((r) => r.arrayBuffer());
  await new Promise((r) => setTimeout(r, 2000));
  await memory("PostgreSQL", pgServer, `http://127.0.0.1:${pgPort}`);
  process.kill(-pgServer.pid!, "SIGTERM");
  await new Promise((r) => pgServer.once("exit", r));
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
} else {
  console.log("| PostgreSQL | (no server reachable) | | |");
}

}

// Page weight: the JavaScript and CSS each public page references, gzipped at level 9 (the budget's
// measure), and as the server sends them to a browser that accepts Brotli (its precompressed copies).
// Fonts: every woff2 file the page's CSS declares or the page preloads, as sent (already compressed).
console.log("\n| page | JS files | JS gzipped KB | JS sent with Brotli KB | CSS gzipped KB | font files | fonts KB |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
const weightCache = new Map<string, { gzipped: number; sent: number }>();
async function weigh(url: string) {
  if (!weightCache.has(url)) {
    const body = Buffer.from(await (await fetch(url, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
    const sent = await fetch(url, { headers: { "accept-encoding": "br, gzip" } });
    await sent.arrayBuffer();
    weightCache.set(url, { gzipped: gzipSync(body, { level: 9 }).length, sent: Number(sent.headers.get("content-length") ?? body.length) });
  }
  return weightCache.get(url)!;
}
for (const page of MEASURED_PAGES) {
  const html = await (await fetch(`${appOrigin}${page}`)).text();
  const js = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/assets\/[^"]+\.js)"/g)) js.add(m[1]!);
  const css = new Set([...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]!));
  let jsGzipped = 0;
  let jsSent = 0;
  for (const file of js) {
    const weight = await weigh(`${appOrigin}${file}`);
    jsGzipped += weight.gzipped;
    jsSent += weight.sent;
  }
  let cssBytes = 0;
  const fonts = new Set([...html.matchAll(/href="(\/[^"]+\.woff2)"/g)].map((m) => m[1]!));
  for (const file of css) {
    cssBytes += (await weigh(`${appOrigin}${file}`)).gzipped;
    const text = await (await fetch(`${appOrigin}${file}`)).text();
    for (const m of text.matchAll(/url\(["']?([^)"']+\.woff2)["']?\)/g)) fonts.add(new URL(m[1]!, `${appOrigin}${file}`).pathname);
  }
  let fontBytes = 0;
  for (const file of fonts) fontBytes += (await weigh(`${appOrigin}${file}`)).sent;
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(`| ${page} | ${js.size} | ${kb(jsGzipped)} | ${kb(jsSent)} | ${kb(cssBytes)} | ${fonts.size} | ${kb(fontBytes)} |`);
}
if (!pagesOnly) await benchUploads(site, operator);
stopAll();
children.length = 0;

// Cold render: the Remix handler in this process (no page cache), content cache emptied before each render.
// "Cold" is the content cache, not the JIT: every page is rendered a few dozen times first, as a running
// server would have, so the first page measured is not charged for compiling the code every page shares.
// The build holds the models and caches, so the configuration and database are set in its own graph.
const { loadConfig } = await import("~/server/config.server");
const { prepareDatabase } = await import("~db/prepare.server");
const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
const runtime = build.entry.module as unknown as {
  setConfig(config: unknown): void;
  setDatabase(database: unknown): void;
  clearContentCache(): void;
};
const { clearContentCache } = runtime;
const config = loadConfig({ ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PUBLIC_URL: "http://localhost:3000" });
runtime.setConfig(config);
const database = await prepareDatabase({
  databaseUrl: undefined,
  dataDir: path.join(dataDir, "pglite"),
  siteUrl: "http://localhost:3000",
  buildDir,
});
runtime.setDatabase(database.handle);
const handler = createRequestHandler(build, "production");
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const render = async (page: string, cold: boolean) => {
  if (cold) clearContentCache();
  const started = performance.now();
  const response = await handler(new Request(`http://localhost:3000${page}`), { cspNonce: "bench", clientAddress: "127.0.0.1", peerAddress: "127.0.0.1" });
  await response.text();
  return performance.now() - started;
};
for (let round = 0; round < 30; round++) for (const page of MEASURED_PAGES) await render(page, round % 2 === 0);
console.log("\n| page | cold render median ms (content cache empty) | render median ms (content cache warm) |");
console.log("|---|---:|---:|");
for (const page of MEASURED_PAGES) {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < 50; i++) cold.push(await render(page, true));
  for (let i = 0; i < 50; i++) warm.push(await render(page, false));
  console.log(`| ${page} | ${median(cold).toFixed(2)} | ${median(warm).toFixed(2)} |`);
}
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
if (pagesOnly) process.exit(0);

const { benchSaveWithRevision } = await import("./bench-revisions");
await benchSaveWithRevision({ buildDir, postgresUrl });

for (const run of Object.values(HEAVY_WORK)) await run();

const { benchLarge, benchStart } = await import("./bench-large");
await benchStart({ buildDir });
if (process.env.BENCH_LARGE !== "0") await benchLarge({ buildDir, postgresUrl });
process.exit(0);
