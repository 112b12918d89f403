/**
 * A post of 20,000 `# a` headings (80 KB; issue 33, item 4), in two parts:
 *   - in process: rendering it (heading ids from a map, linear) as a save does (renderPost: HTML, plain
 *     text, search excerpt), the median of five, with the event-loop delay p99 while it runs;
 *   - on the production server (BUILD_DIR, a fresh embedded database): the post saved through the JSON
 *     API as an operator (the save's time), then its page asked for by anonymous visitors one at a time
 *     (median and slowest of 20, the first after the save included), with /healthz asked meanwhile. The
 *     server's event-loop delay p99 comes from /readyz. Before, every uncached view rendered the Markdown
 *     (10.9 s and a 503 for this post: quadratic ids); now a view reads the stored HTML, and the page is
 *     rendered once and kept (the page cache). A view is timed to its last byte, asked plain over node:http:
 *     `fetch` would add its own gunzip and decoding of the 1.5 MB page, the client's work, not the server's.
 * Target: a view < 100 ms after the save. Run alone: `node --import tsx scripts/bench-markdown.ts`.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { renderPost } from "~/models/rendered-bodies.server";
import { signInOverHttp } from "../tests/helpers/http-sign-in";
import { serverLoopDelayP99, startBenchServer } from "./bench-support";

const HEADINGS = 20_000;
const BODY = "# a\n".repeat(HEADINGS);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A GET answered plain (no compression asked for), timed from the request to its last byte. */
function timedGet(url: string): Promise<{ status: number; body: Buffer; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

async function renderInProcess(): Promise<{ ms: number; delayP99: number }> {
  renderPost({ summary: "Warm-up.", body: "# a\n".repeat(100) }, "http://localhost:3000");
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    // The loop turns between renders, so the histogram sees each one's delay.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const started = performance.now();
    const rendered = renderPost({ summary: "Many headings.", body: BODY }, "http://localhost:3000");
    times.push(performance.now() - started);
    if (!rendered.bodyHtml.includes(`id="a-${HEADINGS}"`))
      throw new Error("the last heading's id is missing");
  }
  delay.disable();
  return { ms: median(times), delayP99: delay.percentile(99) / 1e6 };
}

async function onServer(buildDir: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-bench-markdown-"));
  const { DATABASE_URL: _ignored, ...base } = process.env;
  const server = await startBenchServer({ ...base, DATA_DIR: dataDir }, buildDir).catch((error: unknown) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const { site } = server;
  try {
    const operator = await signInOverHttp(site);
    const started = performance.now();
    const saved = await operator.fetch(`${site}/api/admin/posts`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site },
      body: JSON.stringify({
        title: "Many headings",
        slug: "many-headings",
        summary: "A post of 20,000 headings.",
        body: BODY,
        category: "news",
        status: "published",
        publishAt: null,
      }),
    });
    const saveMs = performance.now() - started;
    if (saved.status !== 201 && saved.status !== 200)
      throw new Error(`the save answered ${saved.status}: ${await saved.text()}`);
    const views: number[] = [];
    const health: number[] = [];
    for (let i = 0; i < 20; i++) {
      const healthz = fetch(`${site}/healthz`).then(async (r) => {
        const at = performance.now();
        await r.arrayBuffer();
        return at;
      });
      const healthStarted = performance.now();
      const view = await timedGet(`${site}/newsroom/many-headings`);
      views.push(view.ms);
      health.push((await healthz) - healthStarted);
      if (view.status !== 200 || !view.body.includes(`id="a-${HEADINGS}"`))
        throw new Error(`the view answered ${view.status}: ${view.body.subarray(0, 300).toString()}`);
    }
    // The baseline, in the same run: a seeded post of ordinary length.
    const ordinary: number[] = [];
    const seeded =
      /href="(\/newsroom\/[a-z0-9-]+)"/.exec(await fetch(`${site}/newsroom`).then((r) => r.text()))?.[1] ??
      "/newsroom";
    for (let i = 0; i < 20; i++) ordinary.push((await timedGet(`${site}${seeded}`)).ms);
    return {
      ordinaryMs: median(ordinary),
      saveMs,
      firstViewMs: views[0]!,
      viewMedianMs: median(views),
      viewMaxMs: Math.max(...views),
      healthMaxMs: Math.max(...health),
      loopP99: await serverLoopDelayP99(site),
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchMarkdown(options: { buildDir: string }): Promise<void> {
  console.log(
    `\n## A post of ${HEADINGS.toLocaleString("en-GB")} headings (${Math.round(BODY.length / 1024)} KB)`,
  );
  const render = await renderInProcess();
  console.log(
    `\nRendered at save (renderPost, in process): median ${render.ms.toFixed(0)} ms of 5; event-loop delay p99 ${render.delayP99.toFixed(0)} ms`,
  );
  const figures = await onServer(options.buildDir);
  console.log(`Saved through POST /api/admin/posts: ${figures.saveMs.toFixed(0)} ms`);
  console.log(
    `Its page, anonymous, one at a time (20): first after the save ${figures.firstViewMs.toFixed(0)} ms, median ${figures.viewMedianMs.toFixed(0)} ms, slowest ${figures.viewMaxMs.toFixed(0)} ms (target < 100 ms); /healthz meanwhile: slowest ${figures.healthMaxMs.toFixed(0)} ms` +
      (figures.loopP99 === undefined ? "" : `; server event-loop delay p99 ${figures.loopP99} ms`),
  );
  console.log(
    `Baseline, same run: a seeded post's page, median ${figures.ordinaryMs.toFixed(0)} ms of 20 (ratio ${(figures.viewMedianMs / figures.ordinaryMs).toFixed(1)})`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchMarkdown({ buildDir: process.env.BUILD_DIR ?? "build" });
}
