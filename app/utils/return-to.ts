/** Where a completed sign-in lands when no (safe) returnTo was asked for. */
export const DEFAULT_RETURN_TO = "/admin";

const MAX_LENGTH = 2048;
const PROBE_ORIGIN = "http://return-to.invalid";
// Control characters, and backslashes, which browsers read as "/" in URLs ("/\evil.example").
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;
// Encoded "/" or "\": a later decoding step could turn "/%2F%2Fevil.example" into "//evil.example".
const ENCODED_SEPARATOR = /%(2f|5c)/i;

/**
 * Returns `value` when it is a path on this site, otherwise the fallback. Refused: absolute URLs,
 * protocol-relative "//host" and "/\host", backslashes and control characters, and the same tricks
 * percent-encoded (once or several times). The API is refused too: a browser returns to pages.
 */
export function safeReturnTo(value: string | null | undefined, fallback = DEFAULT_RETURN_TO): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return fallback;

  let current = value;
  for (let round = 0; round < 5; round += 1) {
    if (!isPlainLocalPath(current)) return fallback;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return fallback;
    }
    if (decoded === current) break;
    if (round === 4) return fallback;
    current = decoded;
  }

  const url = new URL(value, PROBE_ORIGIN);
  if (url.origin !== PROBE_ORIGIN) return fallback;
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return fallback;
  // Normalising can make a new "//": "/.//evil.example" resolves to the path "//evil.example".
  const path = `${url.pathname}${url.search}`;
  return isPlainLocalPath(path) ? path : fallback;
}

function isPlainLocalPath(path: string): boolean {
  return (
    path.startsWith("/") &&
    !path.startsWith("//") &&
    !UNSAFE_CHARACTERS.test(path) &&
    !ENCODED_SEPARATOR.test(path) &&
    new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN
  );
}
