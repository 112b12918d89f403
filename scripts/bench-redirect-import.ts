/**
 * A big redirect import while visitors read the site (issue 33, item 2), in two parts:
 *   - in process: the chain/loop check of an import of 500, 1,000, 2,000 and 5,000 rules all pointing at
 *     /about (one pass over the graph), beside the same rows checked one by one against the rules before
 *     them (as the import did before; up to 2,000), each the median of five, with the event-loop delay p99
 *     while they run; and reading and checking the CSV file of 2,500 and 5,000 rows;
 *   - on the production server (BUILD_DIR, a fresh embedded database): 2,500 rules all pointing at /about
 *     posted to the import form as a browser posts it, while /about (kept in the page cache) is asked for
 *     again and again, one request at a time: the import's time, and the slowest and median page answered
 *     meanwhile. The server's event-loop delay p99 comes from /readyz when it reports one.
 * Targets: import < 5 s, page < 100 ms. Run alone: `node --import tsx scripts/bench-redirect-import.ts`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { parseRedirectCsv } from "~/server/forms/redirect-import.server";
import {
  chainProblem,
  firstChainProblem,
  type ImportedLink,
  type RuleLink,
} from "~/utils/redirect-chains";
import { signInOverHttp } from "../tests/helpers/http-sign-in";
import { freePort } from "../tests/helpers/server-process";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";
import { waitUntilAnswers } from "./bench-support";

const SITE = "http://localhost:3000";
const MAX_CHAIN = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function csvOf(count: number, prefix = "/old"): string {
  const lines = ["from,to,statusCode,note"];
  for (let i = 0; i < count; i++) lines.push(`${prefix}/${i},/about,301,moved ${i}`);
  return `${lines.join("\r\n")}\r\n`;
}

function fanIn(count: number): ImportedLink[] {
  return Array.from({ length: count }, (_, i) => ({
    line: i + 2,
    from: `/old/${i}`,
    to: "/about",
    statusCode: 301,
  }));
}

/** The check as the import made it before: each row against the rules and the rows before it. */
function rowByRow(rows: readonly ImportedLink[]): void {
  const working: RuleLink[] = [];
  for (const row of rows) {
    if (chainProblem(working, row, SITE, MAX_CHAIN)) throw new Error("unexpected problem");
    working.push(row);
  }
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

/** The median time of `run`, and the event-loop delay p99 while it ran (the loop turns between runs). */
async function timed(run: () => void, times = 5): Promise<{ ms: number; delayP99: number }> {
  run();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const runs: number[] = [];
  for (let i = 0; i < times; i++) {
    await pause();
    const started = performance.now();
    run();
    runs.push(performance.now() - started);
  }
  await pause();
  delay.disable();
  return { ms: median(runs), delayP99: delay.percentile(99) / 1e6 };
}

export async function benchCheck(): Promise<void> {
  console.log(
    "\nThe redirect import's chain/loop check, in process (median of 5 after one warm-up run), all rules pointing at /about:",
  );
  console.log(
    "| rules | one pass | per 1,000 rules | event-loop delay p99 | row by row (the import's old way) |",
  );
  console.log("|---:|---:|---:|---:|---:|");
  for (const count of [500, 1000, 2000, 5000]) {
    const rows = fanIn(count);
    const onePass = await timed(() => firstChainProblem([], rows, SITE, MAX_CHAIN));
    const before = count <= 2000 ? `${(await timed(() => rowByRow(rows), 1)).ms.toFixed(0)} ms` : "(not run)";
    console.log(
      `| ${count} | ${onePass.ms.toFixed(1)} ms | ${((onePass.ms / count) * 1000).toFixed(1)} ms | ${onePass.delayP99.toFixed(1)} ms | ${before} |`,
    );
  }
  for (const count of [2500, 5000]) {
    const text = csvOf(count);
    const { ms, delayP99 } = await timed(() => {
      const parsed = parseRedirectCsv(text, false);
      if (!parsed.ok) throw new Error(parsed.message);
      firstChainProblem(
        [],
        parsed.rows.map(({ line, rule }) => ({ ...rule, line })),
        SITE,
        MAX_CHAIN,
      );
    });
    console.log(
      `A ${count}-row file read, each row checked with the form's schema, then the chain check: ${ms.toFixed(0)} ms (event-loop delay p99 ${delayP99.toFixed(0)} ms)`,
    );
  }
}


export async function benchImport(options: { buildDir: string; rows?: number }): Promise<void> {
  const count = options.rows ?? 2500;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-bench-redirects-"));
  const { DATABASE_URL: _ignored, ...base } = process.env;
  const port = await freePort();
  const site = `http://localhost:${port}`;
  const server: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, path.join(options.buildDir, "server.js")],
    {
      env: {
        ...base,
        BUILD_DIR: options.buildDir,
        DATA_DIR: dataDir,
        NODE_ENV: "production",
        PORT: String(port),
        PUBLIC_URL: site,
        ADMIN_WRITE_RATE_LIMIT: "1000000",
      },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let errors = "";
  const keep = (chunk: Buffer) => {
    errors += chunk.toString();
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
  try {
    await waitUntilAnswers(`${site}/healthz`);
    const jar = await signInOverHttp(site);
    // Twice: the second answer comes from the page cache.
    for (let i = 0; i < 2; i++) await fetch(`${site}/about`).then((r) => r.arrayBuffer());

    const pages: number[] = [];
    let slowestAt = 0;
    let importing = true;
    const reader = (async () => {
      while (importing) {
        const started = performance.now();
        const response = await fetch(`${site}/about`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`/about answered ${response.status} during the import`);
        const ms = performance.now() - started;
        if (ms > Math.max(0, ...pages)) slowestAt = started;
        pages.push(ms);
      }
    })();

    const form = new FormData();
    form.set("file", new File([csvOf(count)], "redirects.csv", { type: "text/csv" }));
    const started = performance.now();
    const answer = await jar.fetch(`${site}/admin/redirects/import`, {
      method: "POST",
      headers: { Origin: site },
      body: form,
    });
    const importMs = performance.now() - started;
    importing = false;
    await reader;
    const answered = await answer.text();
    if (answer.status !== 302 && answer.status !== 303) {
      throw new Error(
        `the import answered ${answer.status} after ${importMs.toFixed(0)} ms: ${answered.slice(0, 300)}`,
      );
    }
    const rules = (await (await jar.fetch(`${site}/api/admin/redirects`)).json()) as unknown[];
    if (rules.length < count) throw new Error(`only ${rules.length} rules after the import`);

    const ready = await fetch(`${site}/readyz`).then((r) => r.text());
    const loopDelay = /eventLoopDelayP99Ms\D*([\d.]+)/.exec(ready)?.[1];
    console.log(
      `\nA ${count}-row redirect import (all to /about) through the import form on the production server (embedded database):`,
    );
    console.log(
      `| import | cached /about answered meanwhile | slowest (asked at) | median | event-loop delay p99 (/readyz) |`,
    );
    console.log(`|---:|---:|---:|---:|---:|`);
    console.log(
      `| ${(importMs / 1000).toFixed(2)} s (target < 5 s) | ${pages.length} | ${Math.max(...pages).toFixed(1)} ms (target < 100 ms; ${((slowestAt - started) / 1000).toFixed(2)} s into the import) | ${median(pages).toFixed(1)} ms | ${loopDelay ? `${loopDelay} ms` : "(not reported)"} |`,
    );
  } catch (error) {
    if (errors) console.error(errors);
    throw error;
  } finally {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // gone
    }
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Both parts: the check in process, then the import on the built server. */
export async function benchRedirectImport(options: { buildDir: string }): Promise<void> {
  await benchCheck();
  await benchImport(options);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchRedirectImport({ buildDir: path.resolve(process.env.BUILD_DIR ?? "build") });
}
