import type { HeadersFunction } from "@remix-run/node";

/** The Cache-Control values the site answers with, in one place. */

/**
 * An anonymous public page: a browser revalidates it every time (a 304 when unchanged), so a visitor
 * sees an operator's edit at the next visit; a shared cache may keep it a minute.
 */
export const PUBLIC_PAGE = "public, max-age=0, s-maxage=60";

/**
 * What a CDN (RFC 9213 targeted caching) may do besides: serve the page stale for five minutes while it
 * revalidates. Not in Cache-Control, where browsers would also serve a stale copy first, showing a
 * returning visitor the page as it was before an operator's edit.
 */
export const PUBLIC_PAGE_CDN = "max-age=60, stale-while-revalidate=300";

/** Anything that depends on who is asking (an operator's pages, the admin): never stored by anyone. */
export const PRIVATE_NO_STORE = "private, no-store";

/** Whether a response's Cache-Control lets a shared cache keep it. */
export function isPublic(cacheControl: string | null): boolean {
  if (!cacheControl) return false;
  const directives = cacheControl.toLowerCase().split(",").map((d) => d.trim().split("=")[0]);
  return directives.includes("public") && !directives.some((d) => d === "private" || d === "no-store" || d === "no-cache");
}

/**
 * A post's or role's page: the layout's headers, unless the loader answered a preview (its own
 * Cache-Control): then it is for its reader alone, never kept by a CDN, never indexed.
 */
export const previewAwareHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const previewCacheControl = loaderHeaders.get("Cache-Control");
  if (previewCacheControl) {
    headers.set("Cache-Control", previewCacheControl);
    headers.delete("CDN-Cache-Control");
    headers.set("X-Robots-Tag", loaderHeaders.get("X-Robots-Tag") ?? "noindex");
  }
  return headers;
};
