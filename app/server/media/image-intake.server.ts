import sharp from "sharp";
import type { EncodedVariant, MediaFormat, MediaSourceType, ProcessedImage } from "~/models/media.server";

/** The largest upload the media library takes (the body limit of its routes). */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** Images larger than this are refused from their header, before a pixel is decoded. */
export const MEDIA_MAX_PIXELS = 40_000_000;
/** The widths an image is stored at (never wider than the original, which is kept at its own width when narrower). */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;

export const INTAKE_MESSAGES = {
  unsupported: "This file is not an image the library takes: upload a JPEG, PNG, WebP, AVIF or GIF.",
  unreadable: "This image could not be read: the file is damaged or incomplete.",
  tooManyPixels: (width: number, height: number) =>
    `This image is too large: ${width.toLocaleString("en-GB")} × ${height.toLocaleString("en-GB")} pixels is over the limit of 40 megapixels.`,
  tooLarge: "This file is too large: the limit is 10 MB.",
  empty: "Choose an image to upload.",
} as const;

export type IntakeProblem = { status: 400 | 413 | 415; message: string };

/**
 * The file's type from its first bytes (its name and declared type are never asked): JPEG, PNG, GIF, WebP
 * and AVIF. Anything else (SVG, HTML, PDF, a TIFF) is null.
 */
export function sniffImageType(bytes: Uint8Array): MediaSourceType | null {
  const ascii = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString("latin1");
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "image/png";
  if (bytes.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "image/gif";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  // ISO base media: a "ftyp" box whose major or compatible brands name AVIF.
  if (bytes.length >= 16 && ascii(4, 8) === "ftyp") {
    const boxSize = Math.min(new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0), bytes.length, 256);
    const brands: string[] = [ascii(8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(at, at + 4));
    if (brands.includes("avif") || brands.includes("avis")) return "image/avif";
  }
  return null;
}

/** What sharp must report for each type the bytes announced (AVIF is read by libheif). */
const SHARP_FORMAT: Record<MediaSourceType, string> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "heif",
};

const decoderOptions = { limitInputPixels: MEDIA_MAX_PIXELS, failOn: "warning", animated: false } as const;

/** The widths to store for an image `width` pixels wide. */
export function variantWidths(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((candidate) => candidate < width);
  const largest = Math.min(width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!);
  if (!widths.includes(largest)) widths.push(largest);
  return widths;
}

// Decoding and encoding use libvips' threads; two uploads at a time keep a burst from exhausting memory.
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * Checks an upload and encodes its variants: the type from the bytes (415 otherwise), the dimensions from
 * the header alone (a pixel bomb is refused before it is decoded), then one decode with the orientation
 * applied and every width in AVIF, WebP and a fallback (JPEG, or PNG for transparency or a height past
 * JPEG's). A width taller than an encoder's limit (ENCODER_MAX_SIDE: a long infographic, a full-page
 * screenshot) is stored without that format and served in the others. Nothing of the
 * original's metadata (EXIF, GPS, XMP, ICC beyond sRGB, comments) is written to any variant. An animated
 * GIF or WebP keeps its first frame.
 */
export async function processUpload(bytes: Buffer): Promise<{ ok: true; image: ProcessedImage } | { ok: false; problem: IntakeProblem }> {
  if (bytes.length === 0) return { ok: false, problem: { status: 400, message: INTAKE_MESSAGES.empty } };
  if (bytes.length > MEDIA_MAX_BYTES) return { ok: false, problem: { status: 413, message: INTAKE_MESSAGES.tooLarge } };
  const sourceType = sniffImageType(bytes);
  if (!sourceType) return { ok: false, problem: { status: 415, message: INTAKE_MESSAGES.unsupported } };

  let header: sharp.Metadata;
  try {
    header = await sharp(bytes, { ...decoderOptions, limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, problem: { status: 400, message: INTAKE_MESSAGES.unreadable } };
  }
  if (header.format !== SHARP_FORMAT[sourceType] || (sourceType === "image/avif" && header.compression !== "av1")) {
    return { ok: false, problem: { status: 415, message: INTAKE_MESSAGES.unsupported } };
  }
  if (!header.width || !header.height) return { ok: false, problem: { status: 400, message: INTAKE_MESSAGES.unreadable } };
  if (header.width * header.height > MEDIA_MAX_PIXELS) {
    return { ok: false, problem: { status: 400, message: INTAKE_MESSAGES.tooManyPixels(header.width, header.height) } };
  }

  return withSlot(async () => {
    let upright: { data: Buffer; info: sharp.OutputInfo };
    try {
      upright = await sharp(bytes, decoderOptions).rotate().toColourspace("srgb").raw().toBuffer({ resolveWithObject: true });
    } catch {
      return { ok: false as const, problem: { status: 400 as const, message: INTAKE_MESSAGES.unreadable } };
    }
    const { width, height, channels } = upright.info;
    const raw = { raw: { width, height, channels } } as const;
    // libvips reads the alpha channel in its own threads; the request thread only waits.
    const transparent = channels === 4 && !(await sharp(upright.data, raw).stats()).isOpaque;
    const widths = variantWidths(width);
    const largestHeight = heightAt(width, height, widths[widths.length - 1]!);
    // One more pixel than the estimate, in case the resize rounds up: the fallback must fit every width.
    const fallbackFormat = transparent || !fitsEncoder("jpeg", width, largestHeight + 1) ? "png" : "jpeg";
    const variants: EncodedVariant[] = [];
    for (const variantWidth of widths) {
      const resized =
        variantWidth === width
          ? upright
          : await sharp(upright.data, raw).resize({ width: variantWidth }).raw().toBuffer({ resolveWithObject: true });
      const variantHeight = resized.info.height;
      const source = () => sharp(resized.data, { raw: { width: resized.info.width, height: variantHeight, channels: resized.info.channels } });
      const encoders: Record<MediaFormat, () => Promise<Buffer>> = {
        avif: () => source().avif({ quality: 55, effort: 2 }).toBuffer(),
        webp: () => source().webp({ quality: 80, alphaQuality: 90, effort: 4 }).toBuffer(),
        png: () => source().png({ compressionLevel: 9, palette: false }).toBuffer(),
        jpeg: () => source().flatten({ background: "#ffffff" }).jpeg({ quality: 82, mozjpeg: true, progressive: true }).toBuffer(),
      };
      // A format that cannot hold this size is left out at this width: the edge serves the others.
      const formats = (["avif", "webp", fallbackFormat] as const).filter((format) => fitsEncoder(format, variantWidth, variantHeight));
      // Settled together: a failure of one must not leave another's rejection unhandled.
      const settled = await Promise.allSettled(formats.map((format) => encoders[format]()));
      const failure = settled.find((result) => result.status === "rejected");
      if (failure) throw failure.reason;
      for (const [index, result] of settled.entries()) {
        const out = (result as PromiseFulfilledResult<Buffer>).value;
        variants.push({ width: variantWidth, height: variantHeight, format: formats[index]!, bytes: out, etag: await etagOf(out) });
      }
    }
    return {
      ok: true as const,
      image: {
        hash: (await sha256Off(bytes)).toString("hex").slice(0, 32),
        sourceType,
        byteSize: bytes.length,
        width,
        height,
        fallbackFormat,
        variants,
      },
    };
  });
}

/**
 * The largest side each encoder writes (libwebp 16,383; libheif, which writes AVIF, 16,384; libjpeg
 * 65,500). PNG has none an image within MEDIA_MAX_PIXELS can reach.
 */
export const ENCODER_MAX_SIDE: Readonly<Record<MediaFormat, number>> = {
  webp: 16_383,
  avif: 16_384,
  jpeg: 65_500,
  png: Number.POSITIVE_INFINITY,
};

function fitsEncoder(format: MediaFormat, width: number, height: number): boolean {
  return width <= ENCODER_MAX_SIDE[format] && height <= ENCODER_MAX_SIDE[format];
}

/** The height sharp's resize gives a variant `variantWidth` wide. */
function heightAt(width: number, height: number, variantWidth: number): number {
  return variantWidth === width ? height : Math.max(1, Math.round((height * variantWidth) / width));
}

/** SHA-256 by WebCrypto, which hashes in libuv's thread pool (an upload is up to 10 MB). */
async function sha256Off(bytes: Uint8Array): Promise<Buffer> {
  return Buffer.from(await globalThis.crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
}

async function etagOf(bytes: Uint8Array): Promise<string> {
  return `"${(await sha256Off(bytes)).toString("base64url").slice(0, 32)}"`;
}
