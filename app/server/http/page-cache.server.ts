import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { contentChanges, onContentChange } from "~/models/content-cache.server";
import { isPublic, PUBLIC_PAGE } from "~/utils/cache-control";
import { isConsentCookieValue, parseConsentRecordCookie } from "~/utils/consent";
import { COOKIE_NAMES } from "~/utils/cookie-registry";
import {
  cacheableTarget,
  parseCookieHeader,
  privateCookies,
  readWholeRender,
  takesQuery,
} from "~/server/http/cache-keys.server";
import { takingTurns } from "~/utils/taking-turns";
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from "~/schemas/publication";
import { negotiateEncoding } from "~/server/http/accept-encoding.server";
import { deflateParts, gzipChunks, splitAt, type GzipTemplate } from "~/server/http/gzip-splice.server";
import { newNonce, securityHeaderList, type PolicyInputs } from "~/server/http/security-headers.server";

/**
 * Rendered HTML of public pages for anonymous visitors, served without rendering. The threat model is in
 * docs/threat-model-page-cache.md; in short, a stored page is the answer to exactly its key and nothing
 * else:
 * - the key is the path (one of the public pages or a post's or role's own page, no query string; or the
 *   newsroom's `?page=` and search's `?q=` and `&page=`, alone), the consent cookie's value and the consent
 *   version of the record cookie (never its consent id), the inputs that change what an anonymous visitor
 *   sees (the no-JavaScript cookie banner, shown again to a choice made under an older version); /cookies with
 *   a record cookie has no key (it shows the record);
 * - requests that carry a session or a flash toast have no key (they are rendered for the asker alone),
 *   decided by the same cookie parser Remix uses, so both read a Cookie header the same way;
 * - a page is rendered for the cache from a request built from the key alone: GET, the configured
 *   PUBLIC_URL origin plus the path, and only the consent cookie. No header of the visitor's (Host,
 *   X-Forwarded-*, User-Agent, other cookies) reaches that render, and HEAD is answered from it;
 * - a render is kept only when it is a 200 HTML page that declares itself public and sets no cookie.
 * Each response swaps its own CSP nonce into the marker the page was rendered with. Any content change
 * empties the cache on every instance (through the content cache's notifications).
 */

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

/**
 * Pages with a query string that are kept too, each query its own entry: the newsroom's further pages and
 * search results (its query and page). Only the parameters each takes, with a value it accepts; anything else has no key.
 * They live in their own store, with its own bound, so that a flood of made-up searches can push out only
 * other searches, never the public pages.
 */
const QUERY_PAGES: Record<string, Record<string, RegExp>> = {
  "/newsroom": { page: /^[1-9][0-9]{0,5}$/ },
  // No space at either end (the page trims it), no control characters (answered, not kept).
  // eslint-disable-next-line no-control-regex
  "/search": { q: /^(?!\s)[^\u0000-\u001f]{1,100}(?<!\s)$/, page: /^[1-9][0-9]{0,5}$/ },
};
const MAX_QUERY_ENTRIES = 300;

/**
 * A post's or a role's own page (/newsroom/{slug}, /careers/{slug}, a slug as the editors allow it), no query
 * string: kept in a store of its own, so that reading through the archive pushes out only other posts and
 * roles. A body may be up to 100,000 characters, so the store is bounded by bytes as well; a page bigger than
 * the whole budget is sent, never kept.
 */
function isRecordPage(path: string): boolean {
  const slug = /^\/(?:newsroom|careers)\/(.*)$/.exec(path)?.[1];
  return slug !== undefined && slug.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(slug);
}
const MAX_RECORD_ENTRIES = 200;
const MAX_RECORD_BYTES = 32 * 1024 * 1024;

/** Cached pages differ by the consent cookie, so every shared cache must key on Cookie too. */
export const PAGE_VARY = "Accept-Encoding, Cookie";

export interface PageCacheKey {
  /** The map key: path (with its query, for a page that takes one) and consent choice. */
  id: string;
  /** The path, and the query string of a page that takes one. */
  path: string;
  consent: string | undefined;
  /** The consent version the visitor's record cookie holds (never its consent id): whether the banner asks again. */
  consentVersion?: number;
}

export interface CachedPage {
  /** The HTML split at each nonce marker, as UTF-8, and (once made) each part deflated. */
  gzip: GzipTemplate;
  /** The zlib level this page's parts are (or will be) deflated at. */
  level: number;
  /** A hash of the page; its ETag is this plus the nonce of the response that carried it. */
  hash: string;
  headers: [string, string][];
}

/** A random marker per process: it cannot appear in content by accident. */
export const NONCE_MARKER = `kestrelnonce${crypto.randomBytes(9).toString("hex")}`;
const NONCE_MARKER_BYTES = Buffer.from(NONCE_MARKER, "latin1");

/** Pages in the order they were stored, the oldest out first past `maxEntries` or `maxBytes` (their HTML). */
class PageStore {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {}

  get(id: string): CachedPage | undefined {
    return this.entries.get(id);
  }

  set(id: string, page: CachedPage): void {
    this.delete(id);
    this.entries.set(id, page);
    this.bytes += htmlBytes(page);
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes)
      this.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(id: string): void {
    const page = this.entries.get(id);
    if (!page) return;
    this.entries.delete(id);
    this.bytes -= htmlBytes(page);
  }
}

const htmlBytes = (page: CachedPage) => page.gzip.parts.reduce((sum, part) => sum + part.length, 0);

const pages = new PageStore(MAX_ENTRIES);
const queryPages = new PageStore(MAX_QUERY_ENTRIES);
const recordPages = new PageStore(MAX_RECORD_ENTRIES, MAX_RECORD_BYTES);
const storeFor = (key: PageCacheKey) =>
  key.path.includes("?") ? queryPages : isRecordPage(key.path) ? recordPages : pages;
const rendering = new Map<string, Promise<CachedPage | null>>();
onContentChange(() => {
  pages.clear();
  queryPages.clear();
  recordPages.clear();
  rendering.clear();
});

/**
 * The cache key of a request, or null when it must be rendered for the asker alone (not GET or HEAD,
 * a query string, a path outside the public pages, a session or a pending toast).
 */
export function pageCacheKey(req: IncomingMessage): PageCacheKey | null {
  const target = cacheableTarget(req);
  if (!target) return null;
  const { url, path, query } = target;
  if (
    query === null ? !CACHEABLE_PATHS.has(path) && !isRecordPage(path) : !takesQuery(query, QUERY_PAGES[path])
  )
    return null;
  const cookies = parseCookieHeader(req.headers.cookie);
  if (privateCookies(cookies)) return null;
  const consent = cookies[COOKIE_NAMES.consent];
  const choice = isConsentCookieValue(consent) ? consent : undefined;
  const record = parseConsentRecordCookie(cookies[COOKIE_NAMES.consentRecord]);
  // The cookie policy shows the visitor's own consent record: rendered for them alone.
  if (record && path === "/cookies") return null;
  if (!record) return { id: `${url}|${choice ?? "none"}`, path: url, consent: choice };
  return {
    id: `${url}|${choice ?? "none"}|v${record.version}`,
    path: url,
    consent: choice,
    consentVersion: record.version,
  };
}

/** The request a cached page is rendered from: the key and the site's own origin, nothing of the visitor's. */
export function cacheRenderRequest(key: PageCacheKey, siteOrigin: string, signal?: AbortSignal): Request {
  const url = new URL(siteOrigin + key.path);
  const headers = new Headers({ Host: url.host, Accept: "text/html" });
  const cookies: string[] = [];
  if (key.consent) cookies.push(`${COOKIE_NAMES.consent}=${key.consent}`);
  if (key.consentVersion) cookies.push(`${COOKIE_NAMES.consentRecord}=${key.consentVersion}`);
  if (cookies.length > 0) headers.set("Cookie", cookies.join("; "));
  return new Request(url, { method: "GET", headers, signal });
}

/** A render the cache may keep: a 200 HTML page that says it is public and sets no cookie. */
export function isCacheableRender(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get("content-type") ?? "").startsWith("text/html") &&
    !response.headers.has("set-cookie") &&
    isPublic(response.headers.get("cache-control"))
  );
}

/**
 * zlib levels: a public page is compressed once and sent many times, so it gets the smallest form; a query's
 * page (a search) is usually asked once, so compressing it costs most of what it saves. Measured on a search
 * page of 46 KB: level 9, 1.9 ms for 9,478 bytes; level 4, 0.95 ms for 9,824.
 */
const GZIP_LEVEL = { page: 9, query: 4 } as const;

/**
 * A public page is deflated when it is stored: it will be sent many times. A query's page, a post's or a
 * role's is deflated when the first visitor who accepts gzip asks for it, so a search or an old post asked
 * once by a client that takes it plain (a script, a monitor, a benchmark) is never compressed for nobody.
 */
async function toCachedPage(
  html: Buffer,
  headers: Headers,
  level: number,
  deflateNow: boolean,
): Promise<CachedPage> {
  const kept: [string, string][] = [];
  for (const [name, value] of headers.entries()) {
    if (!["set-cookie", "content-length", "etag", "cache-control", "vary"].includes(name))
      kept.push([name, value]);
  }
  // Split as bytes, as rendered: the page is never decoded to a string and encoded back.
  const parts = splitAt(html, NONCE_MARKER_BYTES);
  return {
    gzip: { parts, deflated: deflateNow ? await deflateParts(parts, level) : [] },
    level,
    hash: crypto.createHash("sha1").update(html).digest("base64url"),
    headers: kept,
  };
}

/**
 * Renders for the cache take turns, two at a time, the rest waiting in order. A render is a chain of steps
 * (loaders, React, the store) that all run on this thread; ten interleaved chains each wait behind the
 * others at every step, so the unlucky ones wait several rounds, and a cached page or /healthz waits behind
 * all ten. Measured with ten connections of never-asked searches (decision 0018): the same throughput,
 * p99 down by about a fifth and the event-loop delay p99 halved. Two rather than one, so that one render
 * waiting on a slow database does not hold up every other.
 */
const renderTurn = takingTurns(2);

const deflating = new WeakMap<CachedPage, Promise<void>>();

/** Deflates a page stored without its compressed form, once however many visitors ask at the same moment. */
function deflateLater(page: CachedPage): Promise<void> {
  let job = deflating.get(page);
  if (!job) {
    job = deflateParts(page.gzip.parts, page.level).then(
      (deflated) => {
        page.gzip.deflated = deflated;
      },
      (error: unknown) => {
        deflating.delete(page);
        throw error;
      },
    );
    deflating.set(page, job);
  }
  return job;
}

/**
 * The cached page for a key, rendering it (once, however many visitors ask at the same moment) when it
 * is missing. `render` must render the request it is given. Resolves to null when the render is not one
 * the cache may keep; the caller then renders the visitor's own request.
 */
export function renderIntoCache(
  key: PageCacheKey,
  siteOrigin: string,
  render: (request: Request) => Promise<Response>,
): Promise<CachedPage | null> {
  const store = storeFor(key);
  const stored = store.get(key.id);
  if (stored) return Promise.resolve(stored);
  const pending = rendering.get(key.id);
  if (pending) return pending;
  const changesBefore = contentChanges();
  const job = (async () => {
    // Read to the end even when it is not kept, rather than cancelled, which React would report as an error.
    const { response, body: html } = await renderTurn(() =>
      readWholeRender(render, (signal) => cacheRenderRequest(key, siteOrigin, signal)),
    );
    if (!isCacheableRender(response)) return null;
    const level = store === queryPages ? GZIP_LEVEL.query : GZIP_LEVEL.page;
    const page = await toCachedPage(html, response.headers, level, store === pages);
    // A render that started before a content change holds old content: serve it to its asker, keep it not.
    if (changesBefore === contentChanges()) store.set(key.id, page);
    return page;
  })().finally(() => {
    if (rendering.get(key.id) === job) rendering.delete(key.id);
  });
  rendering.set(key.id, job);
  return job;
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

/**
 * Sends a cached page with every security header for its nonce: 304 when the visitor's copy is current
 * (with that copy's nonce), else the page with a fresh nonce, gzipped when the visitor accepts it.
 */
export function sendCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  policy: PolicyInputs,
): void {
  const gzip = negotiateEncoding(req.headers["accept-encoding"], ["gzip"]) === "gzip";
  if (gzip && page.gzip.deflated.length === 0) {
    deflateLater(page).then(
      () => writeCachedPage(req, res, page, policy, true),
      (error: unknown) => {
        console.error("[page-cache] compressing a stored page failed; sending it uncompressed", error);
        writeCachedPage(req, res, page, policy, false);
      },
    );
    return;
  }
  writeCachedPage(req, res, page, policy, gzip);
}

function writeCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  policy: PolicyInputs,
  gzip: boolean,
): void {
  const reused = revalidatedNonce(req, page);
  const nonce = reused ?? newNonce();
  const headers: string[] = [];
  for (const [name, value] of securityHeaderList(nonce, policy)) headers.push(name, value);
  for (const [name, value] of page.headers) headers.push(name, value);
  headers.push("Cache-Control", PUBLIC_PAGE, "ETag", etag(page, nonce), "Vary", PAGE_VARY);
  if (reused) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  // Written as the chunks it is made of (the page's fixed parts and the nonce between them): no copy.
  let chunks: Buffer[];
  if (gzip) {
    chunks = gzipChunks(page.gzip, nonce);
    headers.push("Content-Encoding", "gzip");
  } else {
    const separator = Buffer.from(nonce, "latin1");
    chunks = [];
    page.gzip.parts.forEach((part, i) => {
      if (i > 0) chunks.push(separator);
      chunks.push(part);
    });
  }
  let length = 0;
  for (const chunk of chunks) length += chunk.length;
  headers.push("Content-Length", String(length));
  res.writeHead(200, headers);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  res.cork();
  for (const chunk of chunks) res.write(chunk);
  res.end();
}

/**
 * The fast path, before Express: an anonymous request for a page already in the cache is answered here.
 * Returns false when the request must go on to the app (which renders the page into the cache).
 */
export function servePageFromCache(
  req: IncomingMessage,
  res: ServerResponse,
  policy: () => PolicyInputs,
): boolean {
  const key = pageCacheKey(req);
  const page = key ? storeFor(key).get(key.id) : undefined;
  if (!page) return false;
  sendCachedPage(req, res, page, policy());
  return true;
}
