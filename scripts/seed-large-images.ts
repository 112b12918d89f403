/**
 * The seed-large script's images: small synthetic pictures made with sharp, each different (its own
 * gradient, shapes and its index drawn as seven-segment digits, so no font is needed), 480 to 1600 px wide,
 * mostly JPEG with some PNG (a few with transparent corners) and WebP. Deterministic: image i is the same
 * bytes on every run, so its hash says whether it is already in the library.
 */
import sharp from "sharp";
import { randomFor, type Random } from "./seed-large-random";

export interface SeedImage {
  index: number;
  bytes: Buffer;
  fileName: string;
  alt: string;
  width: number;
  height: number;
}

const WIDTHS = [480, 560, 640, 720, 800, 960, 1024, 1200, 1280, 1440, 1600] as const;
/** Mostly small: the intake's work grows with the width (up to three widths, three formats each). */
const WIDTH_WEIGHTS = [6, 4, 6, 4, 8, 6, 4, 3, 2, 1, 1] as const;
const ASPECTS = [
  [16, 9],
  [4, 3],
  [3, 2],
  [1, 1],
  [2, 3],
  [21, 9],
] as const;

const SUBJECTS = [
  "Portfolio allocation chart",
  "Volatility heatmap",
  "Forecast accuracy over time",
  "Team photo placeholder",
  "Dividend yield comparison",
  "Risk signals dashboard",
  "ISA and pension contribution trends",
  "Office in London",
  "Product screenshot",
  "Market breadth indicator",
  "Conference stage",
  "Sector rotation diagram",
] as const;

/** Seven segments (a–g) of each digit, on a 2 × 4 grid of cells per digit. */
const SEGMENTS: Record<string, string> = {
  "0": "abcdef",
  "1": "bc",
  "2": "abged",
  "3": "abgcd",
  "4": "fgbc",
  "5": "afgcd",
  "6": "afgedc",
  "7": "abc",
  "8": "abcdefg",
  "9": "abcdfg",
};

function digitRects(text: string, x: number, y: number, size: number, colour: string): string {
  const w = size;
  const h = size * 2;
  const t = Math.max(4, Math.round(size / 6));
  const rects: string[] = [];
  [...text].forEach((char, position) => {
    const left = x + position * (w + t * 2);
    const parts: Record<string, [number, number, number, number]> = {
      a: [left, y, w, t],
      b: [left + w - t, y, t, h / 2],
      c: [left + w - t, y + h / 2, t, h / 2],
      d: [left, y + h - t, w, t],
      e: [left, y + h / 2, t, h / 2],
      f: [left, y, t, h / 2],
      g: [left, y + h / 2 - t / 2, w, t],
    };
    for (const segment of SEGMENTS[char] ?? "") {
      const [rx, ry, rw, rh] = parts[segment]!;
      rects.push(`<rect x="${rx}" y="${ry}" width="${rw}" height="${rh}" fill="${colour}"/>`);
    }
  });
  return rects.join("");
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360},${s}%,${l}%)`;

function svgFor(
  index: number,
  width: number,
  height: number,
  random: Random,
  transparentCorners: boolean,
): string {
  const hue = random.int(0, 359);
  const shapes: string[] = [];
  const count = random.int(3, 9);
  for (let n = 0; n < count; n++) {
    const colour = hsl(hue + random.int(60, 300), random.int(40, 90), random.int(30, 75));
    const opacity = (random.int(25, 80) / 100).toFixed(2);
    if (random.chance(0.5)) {
      shapes.push(
        `<circle cx="${random.int(0, width)}" cy="${random.int(0, height)}" r="${random.int(20, Math.round(height / 2))}" fill="${colour}" fill-opacity="${opacity}"/>`,
      );
    } else {
      shapes.push(
        `<rect x="${random.int(0, width)}" y="${random.int(0, height)}" width="${random.int(40, width / 2)}" height="${random.int(20, height / 3)}" fill="${colour}" fill-opacity="${opacity}" transform="rotate(${random.int(-30, 30)})"/>`,
      );
    }
  }
  // A little chart line, so that the pictures look like the site's subjects.
  const points: string[] = [];
  let level = height * 0.6;
  for (let x = 0; x <= width; x += Math.max(8, Math.round(width / 40))) {
    level = Math.min(
      height * 0.9,
      Math.max(height * 0.2, level + random.int(-Math.round(height / 20), Math.round(height / 20))),
    );
    points.push(`${x},${Math.round(level)}`);
  }
  const digitSize = Math.round(Math.min(width, height) / 10);
  const radius = transparentCorners ? Math.round(Math.min(width, height) / 8) : 0;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="${random.int(0, 1)}" y2="1">` +
    `<stop offset="0" stop-color="${hsl(hue, 70, 25)}"/><stop offset="1" stop-color="${hsl(hue + random.int(20, 140), 65, 60)}"/>` +
    `</linearGradient></defs>` +
    `<rect width="${width}" height="${height}" rx="${radius}" fill="url(#g)"/>` +
    shapes.join("") +
    `<polyline points="${points.join(" ")}" fill="none" stroke="white" stroke-width="${Math.max(2, Math.round(width / 300))}" stroke-opacity="0.85"/>` +
    digitRects(String(index + 1), Math.round(width / 20), Math.round(height / 12), digitSize, "white") +
    `</svg>`
  );
}

/** Image `index` of the seed (0-based): bytes as an operator would upload them. */
export async function seedImage(index: number): Promise<SeedImage> {
  const random = randomFor("image", index);
  const width = random.weighted(WIDTHS, WIDTH_WEIGHTS);
  const [aw, ah] = random.pick(ASPECTS);
  const height = Math.max(240, Math.round((width * ah) / aw));
  const kind = random.weighted(["jpeg", "png", "png-alpha", "webp"] as const, [14, 3, 1, 2]);
  const svg = svgFor(index, width, height, random, kind === "png-alpha");
  const image = sharp(Buffer.from(svg));
  const bytes =
    kind === "jpeg"
      ? await image.flatten({ background: "#ffffff" }).jpeg({ quality: 86 }).toBuffer()
      : kind === "webp"
        ? await image.flatten({ background: "#ffffff" }).webp({ quality: 85 }).toBuffer()
        : await (kind === "png" ? image.flatten({ background: "#ffffff" }) : image).png().toBuffer();
  const subject = random.pick(SUBJECTS);
  const extension = kind === "jpeg" ? "jpg" : kind === "webp" ? "webp" : "png";
  const slug = subject.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return {
    index,
    bytes,
    width,
    height,
    fileName: `${slug}-${String(index + 1).padStart(4, "0")}.${extension}`,
    alt: `${subject} (illustration ${index + 1})`,
  };
}
