import type { IncomingMessage, ServerResponse } from "node:http";
import { countRedirectHit, redirectTable, redirectTableNow, type RedirectRule } from "~/models/redirects.server";
import { PUBLIC_PAGE, PUBLIC_PAGE_CDN } from "~/utils/cache-control";
import { normalisePath } from "~/utils/site-paths";
import { newNonce, securityHeaderList, type PolicyInputs } from "./security-headers.server";

/**
 * Operators' redirect rules, answered before the page cache and before Remix: a GET or HEAD for an address
 * with a rule gets its 301/302/307/308 here, from the rules in the content cache (a Map lookup once
 * loaded). Two kinds go on to Remix, marked with their rule: a 410 (a page in the site's layout) and a
 * client-side navigation's data request ("/old.data"), which Remix must answer in its own encoding
 * (entry.server's handleDataRequest). Writes are never redirected: a 307 or 308 would re-send a form's
 * body to wherever the rule points.
 */

const marked = new WeakMap<IncomingMessage, RedirectRule>();

/** The rule a request was marked with at the edge (a 410, or a data request for a redirected address). */
export function redirectRuleOf(req: IncomingMessage): RedirectRule | undefined {
  return marked.get(req);
}

/** The address a request names, as rules write it: a data request ("/old.data") names its page's. */
export function ruleAddress(pathname: string): string | null {
  let page = pathname;
  if (page === "/_root.data") page = "/";
  else if (page.endsWith(".data")) page = page.slice(0, -".data".length);
  return normalisePath(page);
}

function isDataRequest(pathname: string): boolean {
  return pathname.endsWith(".data");
}

/**
 * Where a rule sends a request: its target on the site's origin (or elsewhere), with the visitor's query
 * string added to the target's own. Percent-encoded as a URL writes it, so the header is plain ASCII.
 */
export function redirectLocation(rule: Pick<RedirectRule, "to">, visitorQuery: string, siteOrigin: string): string {
  const onSite = rule.to.startsWith("/");
  // A path target stays a path on this site, whatever a rule saved before such targets were refused holds:
  // "//host", "/\\host" or "/.//host" would otherwise be read by a browser as another site's address.
  const url = new URL(onSite ? rule.to.replace(/^[/\\]+/, "/") : rule.to, siteOrigin);
  const extra = visitorQuery.replace(/^\?/, "");
  if (extra) url.search = url.search ? `${url.search}&${extra}` : `?${extra}`;
  return onSite ? url.pathname.replace(/^\/+/, "/") + url.search + url.hash : url.href;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function sendRedirect(req: IncomingMessage, res: ServerResponse, location: string, status: number, policy: PolicyInputs): void {
  const body = `<!doctype html><html lang="en-GB"><meta charset="utf-8"><title>Moved</title><p>This page has moved to <a href="${escapeHtml(location)}">${escapeHtml(location)}</a>.</p></html>`;
  const headers: [string, string][] = [
    ...securityHeaderList(newNonce(), policy),
    ["Location", location],
    // A rule can be changed: browsers ask again each time, a CDN keeps it a minute, like a page.
    ["Cache-Control", PUBLIC_PAGE],
    ["CDN-Cache-Control", PUBLIC_PAGE_CDN],
    ["Content-Type", "text/html; charset=utf-8"],
    ["Content-Length", String(Buffer.byteLength(body))],
  ];
  res.writeHead(status, headers.flat());
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Answers a request that has a redirect rule, or passes it on: `next(true)` when it is marked for Remix
 * (skip the page cache), `next(false)` when no rule applies. Synchronous once the rules are loaded; while
 * they load (after a change), the request waits for them; if they cannot be read, it goes on unredirected.
 */
export function routeRedirects(
  req: IncomingMessage,
  res: ServerResponse,
  siteOrigin: string,
  policy: () => PolicyInputs,
  next: (marked: boolean) => void,
): void {
  if (req.method !== "GET" && req.method !== "HEAD") return next(false);
  const decide = (table: ReadonlyMap<string, RedirectRule>) => {
    const [pathname = "", query = ""] = (req.url ?? "").split(/\?(.*)/s);
    const address = ruleAddress(pathname);
    const rule = address === null ? undefined : table.get(address);
    if (!rule) return next(false);
    countRedirectHit(rule.id);
    if (rule.statusCode === 410 || isDataRequest(pathname)) {
      marked.set(req, rule);
      return next(true);
    }
    sendRedirect(req, res, redirectLocation(rule, query, siteOrigin), rule.statusCode, policy());
  };
  const table = redirectTableNow();
  if (table) return decide(table);
  redirectTable().then(decide, (error: unknown) => {
    console.error(`[redirects] the rules could not be read; answering without them: ${(error as Error).message}`);
    next(false);
  });
}

/**
 * What a client-side navigation's data request to a redirected address gets (entry.server's
 * handleDataRequest turns it into Remix's own redirect): the rule's target, or for a 410 the same address
 * loaded as a document, so the visitor sees the removed-page notice.
 */
export function dataRequestRedirect(rule: { to: string; statusCode: number }, request: Request, siteOrigin: string): { location: string; status: number; reload: boolean } {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const page = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  if (rule.statusCode === 410) return { location: page + url.search, status: 302, reload: true };
  return { location: redirectLocation(rule, url.search, siteOrigin), status: rule.statusCode, reload: false };
}
