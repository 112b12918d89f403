import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { contentChanges, onContentChange } from "~/models/content-cache.server";
import { isPublic } from "~/utils/cache-control";
import { etagMatches } from "~/server/api/api.server";
import { cacheableTarget, parseCookieHeader, privateCookies, readWholeRender, takesQuery } from "~/server/http/cache-keys.server";
import { negotiateEncoding, type ContentCoding } from "~/server/http/accept-encoding.server";
import { dataSecurityHeaderList, type PolicyInputs } from "~/server/http/security-headers.server";

/**
 * The public JSON reads (SPEC 7's GETs and the publishing ones), kept as the page cache keeps pages and
 * answered before Express: the body, its strong ETag and its Brotli and gzip forms, made once per content
 * change instead of a Remix render, a JSON.stringify, a hash and a compression per request.
 *
 * The same rules as the page cache (docs/threat-model-page-cache.md) make it safe to share:
 * - the key is the path and the query string as sent (only the parameters the read takes, with values it
 *   accepts), nothing else; a request with a session or a toast
 *   cookie has no key and is answered for its asker alone (an operator's /api/menu-items lists inactive
 *   items too, and says `private, no-store`);
 * - an answer is produced for the cache from a request built from the key alone (GET, PUBLIC_URL's origin,
 *   no cookie, no header of the asker's), and kept only when it is a 200 JSON answer that declares itself
 *   public and sets no cookie; HEAD is answered from it;
 * - any content change (on any instance) empties it, and so does the passing of a scheduled publication
 *   time, through the content cache.
 */

/** The public reads: every other /api address (the admin API, sign-in, the contact form) is never kept. */
const PUBLIC_READ =
  /^\/api\/(?:products|statistics|menu-items|hero-content|company-settings|seo-settings|posts|roles|openapi\.json|posts\/[a-z0-9-]{1,200}|roles\/[a-z0-9-]{1,200}|legal-documents\/(?:privacy|terms|cookies)(?:\/versions)?)$/;

/**
 * The query parameters a read takes, and their valid values: any other query string (an unknown parameter,
 * a value the read refuses) is answered by the app for its asker and not kept, so made-up query strings
 * cannot fill the cache or make it compress again and again.
 */
const QUERY_RULES: Record<string, Record<string, RegExp>> = {
  "/api/posts": { page: /^[1-9][0-9]{0,5}$/ },
  "/api/menu-items": { menuType: /^(?:header|footer|sidebar)$/ },
};

const MAX_ENTRIES = 500;
/** Bodies under this are sent as they are, as the compression middleware does for the rest of the site. */
const COMPRESS_FROM_BYTES = 1024;

export interface CachedJson {
  body: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string;
  /** The answer's own headers (Cache-Control, Content-Type, Link, its Vary), as rendered. */
  headers: [string, string][];
  vary: string;
  /** The 200's own headers, flat, made once: the answer's headers, ETag and Vary. */
  tail: string[];
  /** The codings kept, best first. */
  codings: ContentCoding[];
}

const entries = new Map<string, CachedJson>();
const producing = new Map<string, Promise<CachedJson | null>>();
onContentChange(() => {
  entries.clear();
  producing.clear();
});

/**
 * The cache key of a request for a public JSON read (its path and query string as sent), or null when it
 * must be answered for its asker alone.
 */
export function jsonCacheKey(req: IncomingMessage): string | null {
  const target = cacheableTarget(req);
  if (!target || !PUBLIC_READ.test(target.path)) return null;
  if (target.query !== null && !takesQuery(target.query, QUERY_RULES[target.path])) return null;
  if (req.headers.cookie && privateCookies(parseCookieHeader(req.headers.cookie))) return null;
  return target.url;
}

/** The request an answer is produced from for the cache: the key and the site's origin, nothing of the asker's. */
export function jsonCacheRequest(key: string, siteOrigin: string, signal?: AbortSignal): Request {
  const url = new URL(siteOrigin + key);
  return new Request(url, { method: "GET", headers: { Host: url.host, Accept: "application/json" }, signal });
}

/** An answer the cache may keep: a 200 JSON answer that says it is public and sets no cookie. */
export function isCacheableJson(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get("content-type") ?? "").startsWith("application/json") &&
    !response.headers.has("set-cookie") &&
    response.headers.has("etag") &&
    isPublic(response.headers.get("cache-control"))
  );
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Compressed in the thread pool, once per content change: the best Brotli, gzip at its usual level. */
async function toCachedJson(body: Buffer, headers: Headers): Promise<CachedJson> {
  const compress = body.length >= COMPRESS_FROM_BYTES;
  const [br, gz] = compress
    ? await Promise.all([
        brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzip(body, { level: 6 }),
      ])
    : [null, null];
  const kept: [string, string][] = [];
  let vary = "";
  for (const [name, value] of headers.entries()) {
    if (name === "vary") vary = value;
    else if (["cache-control", "content-type", "link"].includes(name)) kept.push([name, value]);
  }
  const etag = headers.get("etag")!;
  const varyAll = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
  const codings: ContentCoding[] = [...(br ? (["br"] as const) : []), ...(gz ? (["gzip"] as const) : [])];
  return { body, br, gzip: gz, etag, headers: kept, vary: varyAll, tail: [...kept.flat(), "ETag", etag, "Vary", varyAll], codings };
}

/**
 * The cached answer for a key, producing it (once, however many ask at the same moment) when missing.
 * `render` must answer the request it is given. Null when the answer is not one the cache may keep: the
 * caller then answers the asker's own request.
 */
export function produceIntoCache(key: string, siteOrigin: string, render: (request: Request) => Promise<Response>): Promise<CachedJson | null> {
  const stored = entries.get(key);
  if (stored) return Promise.resolve(stored);
  const pending = producing.get(key);
  if (pending) return pending;
  const changesBefore = contentChanges();
  const job = (async () => {
    const { response, body } = await readWholeRender(render, (signal) => jsonCacheRequest(key, siteOrigin, signal));
    if (!isCacheableJson(response)) return null;
    const entry = await toCachedJson(body, response.headers);
    // Produced from content a change has since replaced: it answers its asker, and is not kept.
    if (changesBefore === contentChanges()) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
    }
    return entry;
  })().finally(() => {
    if (producing.get(key) === job) producing.delete(key);
  });
  producing.set(key, job);
  return job;
}

/**
 * The whole header list of each answer an entry gives (200 in each coding, and 304), made the first time it
 * is sent: nothing in them changes from one answer to the next (the data headers carry no nonce).
 */
interface HeaderLists {
  secure: boolean;
  identity: string[];
  br: string[] | null;
  gzip: string[] | null;
  notModified: string[];
}
const headerLists = new WeakMap<CachedJson, HeaderLists>();

function headerListsOf(entry: CachedJson, policy: Pick<PolicyInputs, "secure">): HeaderLists {
  const made = headerLists.get(entry);
  if (made && made.secure === policy.secure) return made;
  const security = dataSecurityHeaderList(policy).flat();
  const ok = (body: Buffer, coding?: ContentCoding) => [
    ...security,
    ...entry.tail,
    ...(coding ? ["Content-Encoding", coding] : []),
    "Content-Length",
    String(body.length),
  ];
  // A 304 names no representation (RFC 9110 15.4.5): no Content-Type, so nothing downstream codes it.
  const cacheControl = entry.headers.find(([name]) => name === "cache-control") ?? [];
  const lists: HeaderLists = {
    secure: policy.secure,
    identity: ok(entry.body),
    br: entry.br && ok(entry.br, "br"),
    gzip: entry.gzip && ok(entry.gzip, "gzip"),
    notModified: [...security, ...cacheControl, "ETag", entry.etag, "Vary", entry.vary],
  };
  headerLists.set(entry, lists);
  return lists;
}

/** Sends a cached answer with the headers the app gives a JSON answer: 304 when the asker's copy is current. */
export function sendCachedJson(req: IncomingMessage, res: ServerResponse, entry: CachedJson, policy: PolicyInputs): void {
  const lists = headerListsOf(entry, policy);
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, entry.etag)) {
    res.writeHead(304, lists.notModified);
    res.end();
    return;
  }
  const coding = entry.codings.length ? negotiateEncoding(req.headers["accept-encoding"], entry.codings) : null;
  const body = coding === "br" ? entry.br! : coding === "gzip" ? entry.gzip! : entry.body;
  res.writeHead(200, coding === "br" ? lists.br! : coding === "gzip" ? lists.gzip! : lists.identity);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** The fast path, before Express: a public JSON read already in the cache is answered here. */
export function serveJsonFromCache(req: IncomingMessage, res: ServerResponse, policy: () => PolicyInputs): boolean {
  const key = jsonCacheKey(req);
  const entry = key ? entries.get(key) : undefined;
  if (!entry) return false;
  sendCachedJson(req, res, entry, policy());
  return true;
}
