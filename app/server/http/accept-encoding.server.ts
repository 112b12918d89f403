/**
 * The one reader of Accept-Encoding (RFC 9110 12.5.3), for the page cache and the precompressed assets
 * alike: codings with their q-values, `*` for any coding not listed, and q=0 meaning "not acceptable".
 * Whitespace around names, semicolons and parameters is allowed, and names are case-insensitive.
 */

export type ContentCoding = "br" | "gzip";

function qualities(header: string): Map<string, number> {
  const result = new Map<string, number>();
  for (const element of header.split(",")) {
    const [rawName = "", ...params] = element.split(";");
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key = "", value = ""] = param.split("=").map((part) => part.trim().toLowerCase());
      if (key !== "q") continue;
      q = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value) ? Number(value) : 0;
    }
    // A coding listed twice keeps its highest quality.
    result.set(name, Math.max(q, result.get(name) ?? 0));
  }
  return result;
}

/** The quality the header gives a coding (0 when it is not acceptable). No header accepts nothing but identity. */
export function codingQuality(header: string | undefined, coding: string): number {
  if (header === undefined) return 0;
  const q = qualities(header);
  return q.get(coding) ?? q.get("*") ?? 0;
}

/**
 * The best of `available` (in the server's order of preference, for equal quality) that the header
 * accepts, or null for the identity encoding.
 */
export function negotiateEncoding(header: string | string[] | undefined, available: readonly ContentCoding[]): ContentCoding | null {
  if (header === undefined) return null;
  const q = qualities(Array.isArray(header) ? header.join(",") : header);
  let best: ContentCoding | null = null;
  let bestQ = 0;
  for (const coding of available) {
    const quality = q.get(coding) ?? q.get("*") ?? 0;
    if (quality > bestQ) {
      best = coding;
      bestQ = quality;
    }
  }
  return best;
}
