/**
 * Addresses of media library images (browser-safe). An image is served at /media/{hash}/{width}, in the
 * best format the browser's Accept header names (AVIF, WebP, else JPEG or PNG), and at
 * /media/{hash}/{width}.{avif|webp|jpg|png} in one fixed format (for crawlers reading og:image). The hash is
 * the upload's own, so an address never changes what it shows and is cached for a year.
 */

/** What a page needs to draw an image from the library. */
export interface MediaImage {
  hash: string;
  alt: string;
  /** The largest stored size, upright. */
  width: number;
  height: number;
  /** The stored widths, ascending. */
  widths: number[];
}

export const MEDIA_PATH = /^\/media\/([0-9a-f]{32})\/([1-9]\d{0,4})(?:\.(avif|webp|jpg|png))?$/;

export type MediaUrlFormat = "avif" | "webp" | "jpg" | "png";

export function mediaUrl(hash: string, width: number, format?: MediaUrlFormat): string {
  return `/media/${hash}/${width}${format ? `.${format}` : ""}`;
}

/** `srcset` for every stored width. */
export function mediaSrcSet(image: Pick<MediaImage, "hash" | "widths">): string {
  return image.widths.map((width) => `${mediaUrl(image.hash, width)} ${width}w`).join(", ");
}

/** The stored width closest to `wanted` from above (else the largest). */
export function mediaWidthFor(image: Pick<MediaImage, "widths">, wanted: number): number {
  return image.widths.find((width) => width >= wanted) ?? image.widths[image.widths.length - 1] ?? 0;
}

