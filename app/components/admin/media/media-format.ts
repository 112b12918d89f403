import type { MediaTypeName, MediaVariantFormat } from "./media-views";

/** How the library's screens write sizes and types. */

const KB = 1024;
const MB = 1024 * KB;

/** A size as people read it: "840 bytes", "4.2 KB", "312 KB", "1.2 MB", "10 MB" (1 MB is 1,048,576 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < KB) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  const [value, unit] = bytes < MB ? [bytes / KB, "KB"] : [bytes / MB, "MB"];
  const shown = value < 10 ? Number(value.toFixed(1)) : Math.round(value);
  return `${shown.toLocaleString("en-GB")} ${unit}`;
}

export function formatDimensions(width: number, height: number): string {
  return `${width.toLocaleString("en-GB")} × ${height.toLocaleString("en-GB")} px`;
}

export const TYPE_NAMES: Record<MediaTypeName, string> = {
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/gif": "GIF",
  "image/webp": "WebP",
  "image/avif": "AVIF",
};

export const FORMAT_NAMES: Record<MediaVariantFormat, string> = { avif: "AVIF", webp: "WebP", jpeg: "JPEG", png: "PNG" };
