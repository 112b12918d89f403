/**
 * The event loop while a 40-megapixel upload goes through the intake: the multipart body parsed as the
 * upload routes parse it, then processUpload (decode, transparency, every variant in every format). The
 * request thread must stay free for other visitors: its delay (perf_hooks.monitorEventLoopDelay, 10 ms
 * resolution) is reported beside the same monitor over an idle second, the baseline.
 *
 *   node --import tsx scripts/bench-media-intake.ts
 *   INTAKE_MODULE=path/to/an-earlier-image-intake.server.ts node --import tsx scripts/bench-media-intake.ts
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { processUpload } from "~/server/media/image-intake.server";

type Intake = (bytes: Buffer) => Promise<{ ok: boolean }>;

interface Delay {
  label: string;
  ms: number;
  p50: number;
  p99: number;
  max: number;
}

async function measure(label: string, work: () => Promise<unknown>): Promise<Delay> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  histogram.disable();
  const toMs = (ns: number) => Math.round(ns / 1e5) / 10;
  return {
    label,
    ms: Math.round(ms),
    p50: toMs(histogram.percentile(50)),
    p99: toMs(histogram.percentile(99)),
    max: toMs(histogram.max),
  };
}

/**
 * A 5,000 × 8,000 RGBA PNG, every pixel opaque (the transparency check has to look at all 40 million), a
 * band of noise in a flat field so that it stays under the 10 MB limit.
 */
async function fortyMegapixels(): Promise<Buffer> {
  const band = await sharp({
    create: {
      width: 5000,
      height: 400,
      channels: 4,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 5000, height: 8000, channels: 4, background: "#0f766e" } })
    .composite([{ input: band, top: 3800, left: 0 }])
    .ensureAlpha(1)
    .png()
    .toBuffer();
}

export async function benchMediaIntake(intake: Intake = processUpload, runs = 3): Promise<Delay[]> {
  const image = await fortyMegapixels();
  const body = new FormData();
  body.append("file", new Blob([new Uint8Array(image)], { type: "image/png" }), "wide.png");
  body.append("alt", "Forty megapixels");
  const results: Delay[] = [
    await measure("idle second (baseline)", () => new Promise((resolve) => setTimeout(resolve, 1000))),
  ];
  for (let run = 1; run <= runs; run += 1) {
    results.push(
      await measure(
        `40 MP upload, run ${run} (${(image.length / 1024 / 1024).toFixed(1)} MB PNG)`,
        async () => {
          const form = await new Request("http://localhost/api/admin/media", {
            method: "POST",
            body,
          }).formData();
          const file = form.get("file") as File;
          const outcome = await intake(Buffer.from(await file.arrayBuffer()));
          if (!outcome.ok) throw new Error("the intake refused the bench image");
        },
      ),
    );
  }
  console.log("Event-loop delay while the intake works (ms): total time, delay p50, p99, max");
  for (const { label, ms, p50, p99, max } of results)
    console.log(`  ${label}: ${ms} ms; delay p50 ${p50}, p99 ${p99}, max ${max}`);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const uploads = results.slice(1);
  console.log(
    `  median of ${uploads.length} uploads: delay p99 ${median(uploads.map((run) => run.p99))} ms, ` +
      `max ${median(uploads.map((run) => run.max))} ms (idle max ${results[0]!.max} ms)`,
  );
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const modulePath = process.env.INTAKE_MODULE;
  const intake = modulePath
    ? ((await import(pathToFileURL(modulePath).href)) as { processUpload: Intake }).processUpload
    : processUpload;
  await benchMediaIntake(intake);
}
