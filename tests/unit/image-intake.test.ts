import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sniffImageType, variantWidths } from "~/server/media/image-intake.server";

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
