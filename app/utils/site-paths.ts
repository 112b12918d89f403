import { pageList } from "~/content/pages";

/**
 * The addresses of this site, for redirect rules: how a path is written (normalised), which addresses
 * belong to the site's machinery (never redirected), and which are its pages (redirected only when an
 * operator confirms it). Browser-safe: the redirect form warns as an operator types.
 */

/** Areas the site itself answers: admin screens, the JSON API, built assets, sign-in, the media library. */
export const RESERVED_PREFIXES = ["/admin", "/api", "/assets", "/auth", "/oidc", "/media"] as const;

/** The site's own files and machinery (in lower case): static files, robots, sitemap and feed, probes, the consent form. */
export const SITE_OWN_PATHS: ReadonlySet<string> = new Set([
  "/favicon.svg",
  "/favicon.ico",
  "/whitepaper.pdf",
  "/robots.txt",
  "/sitemap.xml",
  "/newsroom/feed.xml",
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

/** Characters a percent-escape never needs to hide (RFC 3986's unreserved set). */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * A path as a browser reads it before asking for it: back slashes are slashes, escapes of unreserved
 * characters decoded once (so "%2e" is "." and "%61" is "a"), other escapes in upper case, and dot
 * segments resolved. The result can start with "//": a browser would then go to another host. Null when
 * the input is not a path (no leading slash, or spaces and control characters).
 */
export function resolvePath(input: string): string | null {
  let path = input.trim();
  if (!path.startsWith("/")) return null;
  path = path.replace(/[?#].*$/s, "");
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\s\u0000-\u001f\u007f]/.test(path)) return null;
  path = path
    .replace(/\\/g, "/")
    .replace(/%([0-9a-f]{2})/gi, (escape, hex: string) => {
      const char = String.fromCharCode(parseInt(hex, 16));
      return UNRESERVED.test(char) ? char : escape.toUpperCase();
    });
  const segments = path.slice(1).split("/");
  const kept: string[] = [];
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === "..") kept.pop();
    if (segment === "." || segment === "..") {
      if (last) kept.push("");
    } else kept.push(segment);
  });
  return `/${kept.join("/")}`;
}

/** A path that a browser would read as another site's address ("//evil.example", "/.//evil.example", "/\\evil"). */
export function leavesSite(input: string): boolean {
  return resolvePath(input)?.startsWith("//") ?? false;
}

/**
 * A path as rules store and match it: resolved as a browser reads it (resolvePath), one leading slash and
 * no doubled slashes, no query string or fragment, no trailing slash (except "/" itself), letters' case
 * kept, percent-escapes in upper case, other characters as a URL writes them (so "/über" and "/%C3%BCber"
 * are one address). Null when it is not a path on this site.
 */
export function normalisePath(input: string): string | null {
  const resolved = resolvePath(input);
  if (resolved === null || resolved.startsWith("//")) return null;
  let encoded: string;
  try {
    encoded = new URL(resolved.replace(/\/{2,}/g, "/"), "http://site.invalid").pathname;
  } catch {
    return null;
  }
  encoded = encoded.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase()).replace(/\/+$/, "");
  return encoded === "" ? "/" : encoded;
}

/** Under /admin, /api, /assets, /auth, /oidc or /media (the prefix itself or below it), in any case. */
export function reservedPrefixOf(path: string): string | null {
  const lower = path.toLowerCase();
  return (
    RESERVED_PREFIXES.find(
      (prefix) => lower === prefix || lower.startsWith(`${prefix}/`) || lower.startsWith(`${prefix}.`),
    ) ?? null
  );
}

/** One of the site's own files or probes, or a single-fetch data address ("/about.data"), in any case. */
export function isSiteOwnPath(path: string): boolean {
  const lower = path.toLowerCase();
  return SITE_OWN_PATHS.has(lower) || lower.endsWith(".data");
}

export function isSitePage(path: string): boolean {
  return SITE_PAGES.has(path);
}
