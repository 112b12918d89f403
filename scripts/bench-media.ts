/**
 * The bench's media rows.
 * - An image from the library is loaded like the pages (the caller runs it against the same baseline):
 *   `benchImage` uploads a photograph-like JPEG through the API and returns the address to load.
 * - The upload time of a 12-megapixel JPEG: what an operator waits for after pressing "Upload image"
 *   (the body sent, the type checked, the image decoded once, nine variants encoded and stored). Each
 *   upload is a different image (the library keeps one copy of the same bytes), timed from the first byte
 *   sent to the answer; the median and the slowest of UPLOADS are printed.
 */
import sharp from "sharp";
import type { CookieJar } from "../tests/helpers/cookie-jar";

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 5);

/**
 * A 4000 × 3000 JPEG with the texture of a photograph, about 2-4 MB: a gradient, detail at several scales
 * (noise enlarged from 1/16, 1/4 and full size) so that every variant still has something to encode.
 */
export async function photograph(seed: number, width = 4000, height = 3000): Promise<Buffer> {
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${(seed * 47) % 360},55%,35%)"/><stop offset="1" stop-color="hsl(${(seed * 47 + 140) % 360},60%,70%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const detail = async (scale: number, sigma: number) =>
    sharp(
      await sharp({ create: { width: Math.ceil(width / scale), height: Math.ceil(height / scale), channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma } } })
        .png({ compressionLevel: 1 })
        .toBuffer(),
    )
      .resize(width, height, { kernel: "cubic" })
      .png({ compressionLevel: 1 })
      .toBuffer();
  return sharp(gradient)
    .composite([
      { input: await detail(16, 70), blend: "overlay" },
      { input: await detail(4, 30), blend: "soft-light" },
      { input: await detail(1, 12), blend: "soft-light" },
    ])
    .jpeg({ quality: 88 })
    .toBuffer();
}

async function upload(site: string, operator: CookieJar, bytes: Buffer, alt: string): Promise<{ url: string; ms: number }> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "photo.jpg");
  form.set("alt", alt);
  const started = performance.now();
  const response = await operator.fetch(`${site}/api/admin/media`, { method: "POST", headers: { Origin: site }, body: form });
  const body = (await response.json()) as { url?: string; message?: string };
  const ms = performance.now() - started;
  if (response.status !== 201) throw new Error(`the bench's upload was refused: ${response.status} ${body.message}`);
  return { url: body.url!, ms };
}

/** Uploads one photograph and returns its 960-wide address, for the load rows. */
export async function benchImage(site: string, operator: CookieJar): Promise<string> {
  const { url } = await upload(site, operator, await photograph(0, 2400, 1600), "A bench photograph");
  return url.replace(/\/\d+$/, "/960");
}

export async function benchUploads(site: string, operator: CookieJar): Promise<void> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 1; i <= UPLOADS; i++) {
    const jpeg = await photograph(i);
    bytes += jpeg.length;
    times.push((await upload(site, operator, jpeg, `Bench photograph ${i}`)).ms);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`\n| upload of a 12-megapixel JPEG (4000 × 3000, ${(bytes / UPLOADS / 1024 / 1024).toFixed(1)} MB on average), ${UPLOADS} uploads | median ms | slowest ms |`);
  console.log("|---|---:|---:|");
  console.log(`| POST /api/admin/media: checked, decoded once, 9 variants encoded and stored | ${median.toFixed(0)} | ${times[times.length - 1]!.toFixed(0)} |`);
}
