import { recordNotFound } from "~/models/redirects.server";
import { isSiteOwnPath, MAX_PATH_LENGTH, normalisePath, reservedPrefixOf } from "~/utils/site-paths";

/** The host of the page that linked here, when it was a web page: no path, nothing about the visitor. */
export function referrerHost(referer: string | null): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.protocol === "https:" || url.protocol === "http:" ? url.host.slice(0, 255) : null;
  } catch {
    return null;
  }
}

/**
 * Counts a visit to an address the site does not have, for the Redirects screen: the path alone (no query
 * string) and the referring site's host. Addresses a rule could never take (the admin, the API, assets,
 * the site's own files) are not counted.
 */
export function noteMissingAddress(request: Request): void {
  const path = normalisePath(new URL(request.url).pathname);
  if (path === null || path.length > MAX_PATH_LENGTH || reservedPrefixOf(path) || isSiteOwnPath(path)) return;
  recordNotFound(path, referrerHost(request.headers.get("referer")));
}
