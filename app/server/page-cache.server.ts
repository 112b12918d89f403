import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { onContentChange } from "~/models/content-cache.server";
import { isConsentCookieValue } from "~/utils/consent";
import { COOKIE_NAMES } from "~/utils/cookie-registry";
import { gzipTemplate, gzipWithSeparator, type GzipTemplate } from "./gzip-splice.server";
import { newNonce, securityHeaderList, type PolicyInputs } from "./security-headers.server";

/**
 * Rendered HTML of public pages for anonymous visitors, served without rendering. A page is rendered
 * once with a marker in place of the CSP nonce; each response swaps in its own nonce, so the strict
 * policy holds. The consent cookie changes what a page shows (the banner), so it is part of the key.
 * Any content change empties the cache on every instance (through the content cache's notifications).
 */

/** Anonymous pages a CDN may keep for a minute and serve stale for five while it revalidates. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

const CACHEABLE_PATHS = new Set([
  "/",
  "/about",
  "/platforms",
  "/research",
  "/investors",
  "/newsroom",
  "/careers",
  "/privacy",
  "/terms",
  "/cookies",
]);

const MAX_ENTRIES = 200;

export interface CachedPage {
  /** The HTML split at each nonce marker. */
  parts: string[];
  gzip: GzipTemplate;
  /** A hash of the page; its ETag is this plus the nonce of the response that carried it. */
  hash: string;
  headers: [string, string][];
}

/** A random marker per process: it cannot appear in content by accident. */
export const NONCE_MARKER = `kestrelnonce${crypto.randomBytes(9).toString("hex")}`;

const pages = new Map<string, CachedPage>();
let generation = 0;
onContentChange(() => {
  generation += 1;
  pages.clear();
});

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

/** The cache key, or null when this request must be rendered (signed in, query string, a pending toast...). */
export function pageCacheKey(req: IncomingMessage): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? "";
  if (url.includes("?") || !CACHEABLE_PATHS.has(url)) return null;
  const cookies = req.headers.cookie;
  if (cookies) {
    if (
      cookieValue(cookies, COOKIE_NAMES.session) !== undefined ||
      cookieValue(cookies, COOKIE_NAMES.secureSession) !== undefined ||
      cookieValue(cookies, COOKIE_NAMES.toast) !== undefined
    ) {
      return null;
    }
  }
  const consent = cookieValue(cookies, COOKIE_NAMES.consent);
  const consentKey = isConsentCookieValue(consent) ? consent : "none";
  return `${url}|${consentKey}`;
}

export function getCachedPage(key: string): CachedPage | undefined {
  return pages.get(key);
}

export function currentGeneration(): number {
  return generation;
}

/** Stores a rendered page unless content changed while it was rendering. */
export function storePage(key: string, html: string, headers: Headers, renderedInGeneration: number): CachedPage {
  const kept: [string, string][] = [];
  for (const [name, value] of headers.entries()) {
    if (!["set-cookie", "content-length", "etag", "cache-control", "vary"].includes(name)) kept.push([name, value]);
  }
  const parts = html.split(NONCE_MARKER);
  const page: CachedPage = {
    parts,
    gzip: gzipTemplate(parts),
    hash: crypto.createHash("sha1").update(html).digest("base64url"),
    headers: kept,
  };
  if (renderedInGeneration === generation) {
    if (pages.size >= MAX_ENTRIES) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
  }
  return page;
}

export function isCacheableRender(response: Response): boolean {
  return response.status === 200 && !response.headers.has("set-cookie") && (response.headers.get("content-type") ?? "").startsWith("text/html");
}

function acceptsGzip(req: IncomingMessage): boolean {
  const accept = req.headers["accept-encoding"];
  return typeof accept === "string" && /\bgzip\b(?!;q=0(?:\.0*)?(?:,|$))/.test(accept);
}

/**
 * A browser that revalidates keeps the HTML it has, with that response's nonce, and takes the headers of
 * the 304, CSP included. So the ETag carries the nonce it was sent with, and a 304 repeats the policy for
 * that same nonce; a 200 always gets a fresh one.
 */
function etag(page: CachedPage, nonce: string): string {
  return `W/"${page.hash}.${nonce}"`;
}

/** The nonce of the visitor's copy, when it is the current version of the page. */
export function revalidatedNonce(req: IncomingMessage, page: CachedPage): string | null {
  const header = req.headers["if-none-match"];
  if (!header) return null;
  const prefix = `W/"${page.hash}.`;
  for (const raw of header.split(",")) {
    const tag = raw.trim();
    if (!tag.startsWith(prefix) || !tag.endsWith('"')) continue;
    const nonce = tag.slice(prefix.length, -1);
    if (/^[A-Za-z0-9+/]{22}==$/.test(nonce)) return nonce;
  }
  return null;
}

/** Sends a cached page: 304 when the visitor's copy is current, else the page with `nonce`, gzipped when taken. */
export function sendCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  nonce: string,
  notModified: boolean,
  extraHeaders: [string, string][] = [],
): void {
  const headers: string[] = [];
  for (const [name, value] of extraHeaders) headers.push(name, value);
  for (const [name, value] of page.headers) headers.push(name, value);
  headers.push("Cache-Control", PUBLIC_CACHE_CONTROL, "ETag", etag(page, nonce), "Vary", "Accept-Encoding");
  if (notModified) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  let body: Buffer;
  if (acceptsGzip(req)) {
    body = gzipWithSeparator(page.gzip, nonce);
    headers.push("Content-Encoding", "gzip");
  } else {
    const separator = Buffer.from(nonce, "latin1");
    const chunks: Buffer[] = [];
    page.gzip.parts.forEach((part, i) => {
      if (i > 0) chunks.push(separator);
      chunks.push(part);
    });
    body = Buffer.concat(chunks);
  }
  headers.push("Content-Length", String(body.length));
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * The fast path, before Express: an anonymous request for a cached page is answered here with the same
 * security headers Express would send. Returns false when the request must go on to the app.
 */
export function servePageFromCache(req: IncomingMessage, res: ServerResponse, policy: () => PolicyInputs): boolean {
  const key = pageCacheKey(req);
  const page = key ? pages.get(key) : undefined;
  if (!page) return false;
  const reused = revalidatedNonce(req, page);
  const nonce = reused ?? newNonce();
  sendCachedPage(req, res, page, nonce, reused !== null, securityHeaderList(nonce, policy()));
  return true;
}
