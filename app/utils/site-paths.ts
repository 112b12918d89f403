import { pageList } from "~/content/pages";

/**
 * The addresses of this site, for redirect rules: how a path is written (normalised), which addresses
 * belong to the site's machinery (never redirected), and which are its pages (redirected only when an
 * operator confirms it). Browser-safe: the redirect form warns as an operator types.
 */

/** Areas the site itself answers: admin screens, the JSON API, built assets, sign-in. */
export const RESERVED_PREFIXES = ["/admin", "/api", "/assets", "/auth", "/oidc"] as const;

/** The site's own files and machinery: static files, robots and sitemap, probes, the consent form. */
export const SITE_OWN_PATHS: ReadonlySet<string> = new Set([
  "/favicon.svg",
  "/whitepaper.pdf",
  "/robots.txt",
  "/sitemap.xml",
  "/healthz",
  "/readyz",
  "/consent",
  "/whitepaper/download",
  "/__manifest",
]);

/** Pages a visitor reads: a rule from one of these replaces the page. */
export const SITE_PAGES: ReadonlySet<string> = new Set([
  ...pageList.map((page) => page.path),
  "/contact",
  "/search",
]);

/** Longest path accepted in a rule, in characters. */
export const MAX_PATH_LENGTH = 1024;

/**
 * A path as rules store and match it: one leading slash, no query string or fragment, no trailing slash
 * (except "/" itself), letters' case kept, percent-escapes in upper case, other characters as a URL
 * writes them (so "/über" and "/%C3%BCber" are one address). Null when it is not a path at all.
 */
export function normalisePath(input: string): string | null {
  let path = input.trim();
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
  path = path.replace(/[?#].*$/s, "");
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\s\u0000-\u001f\u007f\\]/.test(path)) return null;
  // A rule names the address as written: "/a/../b" would be resolved by a browser, so it is refused.
  if (path.split("/").some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment))) return null;
  let encoded: string;
  try {
    encoded = new URL(path, "http://site.invalid").pathname;
  } catch {
    return null;
  }
  encoded = encoded.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase()).replace(/\/+$/, "");
  return encoded === "" ? "/" : encoded;
}

/** Under /admin, /api, /assets, /auth or /oidc (the prefix itself or below it). */
export function reservedPrefixOf(path: string): string | null {
  const lower = path.toLowerCase();
  return (
    RESERVED_PREFIXES.find(
      (prefix) => lower === prefix || lower.startsWith(`${prefix}/`) || lower.startsWith(`${prefix}.`),
    ) ?? null
  );
}

/** One of the site's own files or probes, or a single-fetch data address ("/about.data"). */
export function isSiteOwnPath(path: string): boolean {
  return SITE_OWN_PATHS.has(path) || path.endsWith(".data");
}

export function isSitePage(path: string): boolean {
  return SITE_PAGES.has(path);
}
