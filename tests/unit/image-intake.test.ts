import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ENCODER_MAX_SIDE, processUpload, sniffImageType, variantWidths } from "~/server/media/image-intake.server";

/** The intake's two small decisions: what a file is (from its bytes alone), and the widths it is stored at. */

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    Buffer.concat(
      parts.map((part) => (typeof part === "string" ? Buffer.from(part, "latin1") : Buffer.from(part))),
    ),
  );

/** An ISO base media "ftyp" box: its size, "ftyp", the major brand, a minor version, the compatible brands. */
function ftyp(major: string, ...compatible: string[]): Uint8Array {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], "ftyp", major, [0, 0, 0, 0], ...compatible, [0, 0, 0, 8], "meta");
}

describe("sniffImageType", () => {
  it("reads each type the library takes from its first bytes", () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(bytes("\x89PNG\r\n\x1a\n", [0, 0, 0, 13]))).toBe("image/png");
    expect(sniffImageType(bytes("GIF87a", [1, 0, 1, 0]))).toBe("image/gif");
    expect(sniffImageType(bytes("GIF89a", [1, 0, 1, 0]))).toBe("image/gif");
    expect(sniffImageType(bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "))).toBe("image/webp");
    expect(sniffImageType(ftyp("avif", "mif1", "miaf"))).toBe("image/avif");
    expect(sniffImageType(ftyp("mif1", "avif", "miaf"))).toBe("image/avif");
    expect(sniffImageType(ftyp("avis", "msf1"))).toBe("image/avif");
  });

  it("knows images sharp made in each format", async () => {
    const square = () => sharp({ create: { width: 8, height: 8, channels: 3, background: "#0f766e" } });
    expect(sniffImageType(await square().jpeg().toBuffer())).toBe("image/jpeg");
    expect(sniffImageType(await square().png().toBuffer())).toBe("image/png");
    expect(sniffImageType(await square().gif().toBuffer())).toBe("image/gif");
    expect(sniffImageType(await square().webp().toBuffer())).toBe("image/webp");
    expect(sniffImageType(await square().avif().toBuffer())).toBe("image/avif");
  });

  it("takes nothing else, whatever it is called: SVG, HTML, PDF, TIFF, HEIC, text, an empty or cut-short file", async () => {
    const square = sharp({ create: { width: 8, height: 8, channels: 3, background: "#0f766e" } });
    for (const [what, file] of [
      ["SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      [
        "SVG with an XML declaration",
        bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
      ],
      ["HTML", bytes("<!doctype html><title>x</title>")],
      ["PDF", bytes("%PDF-1.7\n")],
      ["TIFF", new Uint8Array(await square.clone().tiff().toBuffer())],
      ["HEIC", ftyp("heic", "mif1", "heic")],
      ["a RIFF that is not WebP", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ")],
      ["text", bytes("just some text")],
      ["nothing", new Uint8Array()],
      ["two bytes of a JPEG", bytes([0xff, 0xd8])],
      ["half a PNG signature", bytes("\x89PNG")],
    ] as const) {
      expect(sniffImageType(file), what).toBeNull();
    }
  });

  it("reads a type from a view into a larger buffer at its own offset", () => {
    const backing = Buffer.concat([Buffer.from("padding!"), Buffer.from(ftyp("avif", "mif1"))]);
    expect(sniffImageType(new Uint8Array(backing.buffer, backing.byteOffset + 8, backing.length - 8))).toBe(
      "image/avif",
    );
  });
});

describe("variantWidths", () => {
  it.each([
    [4000, [480, 960, 1600]],
    [1601, [480, 960, 1600]],
    [1600, [480, 960, 1600]],
    [1200, [480, 960, 1200]],
    [961, [480, 960, 961]],
    [960, [480, 960]],
    [500, [480, 500]],
    [480, [480]],
    [300, [300]],
    [1, [1]],
  ])("an image %i px wide is stored at %j", (width, widths) => {
    expect(variantWidths(width)).toEqual(widths);
  });
});

describe("processUpload of tall images (long infographics, full-page screenshots)", { timeout: 30_000 }, () => {
  /** A flat image (quick to encode) of this shape, half transparent when asked. */
  function tall(width: number, height: number, format: "jpeg" | "png", transparent = false): Promise<Buffer> {
    const background = { r: 20, g: 90, b: 80, alpha: transparent ? 0.5 : 1 };
    const image = sharp({ create: { width, height, channels: transparent ? 4 : 3, background } });
    return format === "jpeg" ? image.jpeg().toBuffer() : image.png().toBuffer();
  }

  async function formatsByWidth(bytes: Buffer) {
    const processed = await processUpload(bytes);
    if (!processed.ok) throw new Error(processed.problem.message);
    const byWidth = new Map<number, { height: number; formats: string[] }>();
    for (const variant of processed.image.variants) {
      const entry = byWidth.get(variant.width) ?? { height: variant.height, formats: [] };
      entry.formats.push(variant.format);
      byWidth.set(variant.width, entry);
      const stored = await sharp(variant.bytes).metadata();
      expect([stored.width, stored.height], `${variant.width} ${variant.format}`).toEqual([variant.width, variant.height]);
    }
    return { image: processed.image, byWidth: Object.fromEntries(byWidth) };
  }

  it("stores an 800 × 17,000 JPEG, leaving out only the formats that cannot be that tall", async () => {
    const { image, byWidth } = await formatsByWidth(await tall(800, 17_000, "jpeg"));
    expect(image.fallbackFormat).toBe("jpeg");
    expect(byWidth).toEqual({
      480: { height: 10_200, formats: ["avif", "webp", "jpeg"] },
      800: { height: 17_000, formats: ["jpeg"] },
    });
  });

  it("keeps AVIF up to its own limit, one pixel above WebP's", async () => {
    expect(ENCODER_MAX_SIDE.avif).toBe(16_384);
    expect(ENCODER_MAX_SIDE.webp).toBe(16_383);
    const { byWidth } = await formatsByWidth(await tall(100, 16_384, "jpeg"));
    expect(byWidth).toEqual({ 100: { height: 16_384, formats: ["avif", "jpeg"] } });
  });

  it("stores a 600 × 20,000 screenshot with transparency as PNG where AVIF and WebP cannot go", async () => {
    const { image, byWidth } = await formatsByWidth(await tall(600, 20_000, "png", true));
    expect(image.fallbackFormat).toBe("png");
    expect(byWidth).toEqual({
      480: { height: 16_000, formats: ["avif", "webp", "png"] },
      600: { height: 20_000, formats: ["png"] },
    });
  });

  it("stores a 100 × 399,999 PNG as PNG alone: JPEG stops at 65,500 pixels", async () => {
    const { image, byWidth } = await formatsByWidth(await tall(100, 399_999, "png"));
    expect(image.fallbackFormat).toBe("png");
    expect(byWidth).toEqual({ 100: { height: 399_999, formats: ["png"] } });
  });

  it("tells an opaque image with an alpha channel from one with a transparent pixel", async () => {
    const opaque = await processUpload(await sharp({ create: { width: 40, height: 30, channels: 4, background: "#0f766e" } }).png().toBuffer());
    const clear = await processUpload(await tall(40, 30, "png", true));
    expect(opaque.ok && opaque.image.fallbackFormat).toBe("jpeg");
    expect(clear.ok && clear.image.fallbackFormat).toBe("png");
  });
});
