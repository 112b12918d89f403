import type { IncomingMessage } from "node:http";
import { parse as parseCookies } from "cookie";
import { COOKIE_NAMES } from "~/utils/cookie-registry";
import { wholeBodyOf } from "~/server/http/document-end.server";

/**
 * What the page cache and the JSON cache share in deciding whether a request has a key (see
 * docs/threat-model-page-cache.md).
 */

const PRIVATE_COOKIES = [COOKIE_NAMES.session, COOKIE_NAMES.secureSession, COOKIE_NAMES.toast];

/**
 * A session or a pending toast: the request is answered for its asker alone. Read by the `cookie` package,
 * the parser Remix's createCookie uses, so both see the same cookies however the header is written.
 */
export function privateCookies(cookies: Record<string, string | undefined>): boolean {
  return PRIVATE_COOKIES.some((name) => cookies[name] !== undefined);
}

export function parseCookieHeader(header: string | undefined): Record<string, string | undefined> {
  return header ? parseCookies(header) : {};
}

/**
 * Whether a query string has only parameters an address takes, each once, with a value it accepts, and
 * at least one: anything else is answered for its asker and never kept.
 */
export function takesQuery(search: string, rules: Readonly<Record<string, RegExp>> | undefined): boolean {
  if (!rules) return false;
  const params = new URLSearchParams(search);
  const names = [...params.keys()];
  return (
    names.length > 0 &&
    names.length === new Set(names).size &&
    names.every((name) => rules[name]?.test(params.get(name) ?? "") ?? false)
  );
}

/**
 * What a shared cache may key a request on: a GET or HEAD's address as sent (`url`), its path, and its query
 * string (null without one). Null for any other method: such a request is never answered from a cache.
 */
export function cacheableTarget(
  req: IncomingMessage,
): { url: string; path: string; query: string | null } | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = req.url ?? "";
  const at = url.indexOf("?");
  return at === -1
    ? { url, path: url, query: null }
    : { url, path: url.slice(0, at), query: url.slice(at + 1) };
}

/**
 * What `render` answers `request` with, its body read whole. Then the request is ended, as the Express adapter
 * ends a visitor's when the answer closes: what the render left waiting on the request's signal (Remix's stream
 * timeout, which holds the page's data) is let go at once rather than after its delay. A render for a cache has
 * no visitor's connection to end it.
 */
export async function readWholeRender(
  render: (request: Request) => Promise<Response>,
  request: (signal: AbortSignal) => Request,
): Promise<{ response: Response; body: Buffer }> {
  const ended = new AbortController();
  try {
    const response = await render(request(ended.signal));
    return { response, body: await wholeBodyOf(response) };
  } finally {
    ended.abort(RENDER_READ);
  }
}

/** The reason the request is ended with: made once, where the default would build an error with a stack each time. */
const RENDER_READ = new DOMException("The answer was read whole", "AbortError");
