/**
 * npm run lighthouse: Lighthouse (mobile, the default) with Debian's Chromium on every public page of a
 * production build with a fresh seeded database; the median of three runs per page. Writes
 * lighthouse-results/summary.md and prints it. LIGHTHOUSE_RUNS overrides the number of runs;
 * --no-build reuses the existing build. Lighthouse 12 runs through npx, outside package.json (its trace
 * engine asks for packages at version "latest", which would change the lockfile at every install).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../tests/helpers/server-process";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chrome = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ALL_PAGES = ["/", "/about", "/platforms", "/research", "/investors", "/newsroom", "/careers", "/privacy", "/terms", "/cookies", "/contact", "/search"];
/** LIGHTHOUSE_PAGES="/careers,/terms" measures only those pages. */
const PAGES = process.env.LIGHTHOUSE_PAGES ? process.env.LIGHTHOUSE_PAGES.split(",") : ALL_PAGES;
const FLAGS = "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";

if (!process.argv.includes("--no-build")) {
  const build = spawnSync("npx", ["remix", "vite:build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const outDir = path.resolve("lighthouse-results");
fs.mkdirSync(outDir, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-lighthouse-"));
const port = await freePort();
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.resolve(process.env.BUILD_DIR ?? "build", "server.js")], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}` },
  detached: true,
  stdio: "ignore",
});
process.on("exit", () => {
  try {
    process.kill(-server.pid!, "SIGTERM");
  } catch {
    // gone
  }
});
for (let i = 0; i < 300; i++) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
  } catch {
    // not yet
  }
  await new Promise((r) => setTimeout(r, 100));
}

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  cls: number;
  tbt: number;
}

/** Lighthouse now and then fails to record a trace ("NO_NAVSTART") and asks to be run again: so we do, twice. */
function lighthouse(url: string, output: string, attempts = 3): Run {
  try {
    return lighthouseOnce(url, output);
  } catch (error) {
    if (attempts <= 1) throw error;
    return lighthouse(url, output, attempts - 1);
  }
}

function lighthouseOnce(url: string, output: string): Run {
  const result = spawnSync(
    "npx",
    [
      "--yes",
      "lighthouse@12.8.2",
      url,
      "--output=json",
      `--output-path=${output}`,
      "--quiet",
      `--chrome-flags=${FLAGS}`,
      "--only-categories=performance,accessibility,best-practices,seo",
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (result.status !== 0) throw new Error(`Lighthouse failed on ${url}`);
  const report = JSON.parse(fs.readFileSync(output, "utf8"));
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => Number(report.audits[id]?.numericValue ?? NaN);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: audit("largest-contentful-paint"),
    cls: audit("cumulative-layout-shift"),
    tbt: audit("total-blocking-time"),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const lines = [
  `Lighthouse 12.8.2, mobile, median of ${runs} runs, ${new Date().toISOString().slice(0, 10)}`,
  "",
  "| page | Performance | Accessibility | Best Practices | SEO | LCP ms | CLS | TBT ms |",
  "|---|---:|---:|---:|---:|---:|---:|---:|",
];
for (const page of PAGES) {
  const results: Run[] = [];
  for (let i = 0; i < runs; i++) {
    const file = path.join(outDir, `${page === "/" ? "home" : page.slice(1)}-${i + 1}.json`);
    results.push(lighthouse(`http://localhost:${port}${page}`, file));
  }
  const m = (key: keyof Run) => median(results.map((r) => r[key]));
  const line = `| ${page} | ${m("performance")} | ${m("accessibility")} | ${m("bestPractices")} | ${m("seo")} | ${m("lcp").toFixed(0)} | ${m("cls").toFixed(3)} | ${m("tbt").toFixed(0)} |`;
  console.log(line);
  lines.push(line);
}
fs.writeFileSync(path.join(outDir, PAGES === ALL_PAGES ? "summary.md" : "summary-partial.md"), `${lines.join("\n")}\n`);
console.log(`\n${lines.join("\n")}`);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
