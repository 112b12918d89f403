import type { IncomingMessage } from "node:http";

/**
 * What a request asks for, checked before anything else reads it: exactly one Host header with the
 * syntax of RFC 3986's host and port (RFC 9112 3.2: anything else is a 400), and a target that is a path
 * (origin-form, or absolute-form reduced to its path) whose percent-encoding decodes. The path and query
 * returned here are all that the rest of the server takes from the request line; the site's own origin
 * always comes from PUBLIC_URL.
 */

export type TargetCheck = { ok: true; path: string; search: string } | { ok: false; message: string };

const REG_NAME = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;
const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IP_LITERAL = /^\[(?:[0-9A-Fa-f:.]+|v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+)\]$/;
const PORT = /^\d{0,5}$/;

/** RFC 3986 `host [ ":" port ]`: a registered name, an IPv4 address or a bracketed IP literal. */
export function isValidHostHeader(value: string): boolean {
  if (value.length === 0 || value.length > 255) return false;
  let host = value;
  let port = "";
  if (value.startsWith("[")) {
    const close = value.indexOf("]");
    if (close === -1) return false;
    host = value.slice(0, close + 1);
    const rest = value.slice(close + 1);
    if (rest !== "" && !rest.startsWith(":")) return false;
    port = rest.slice(1);
    if (!IP_LITERAL.test(host)) return false;
  } else {
    const colon = value.lastIndexOf(":");
    if (colon !== -1) {
      host = value.slice(0, colon);
      port = value.slice(colon + 1);
    }
    if (host.includes(":") || !(IPV4.test(host) || REG_NAME.test(host))) return false;
  }
  return PORT.test(port) && (port === "" || Number(port) <= 65535);
}

function hostHeaderCount(req: IncomingMessage): number {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]!.toLowerCase() === "host") count += 1;
  }
  return count;
}

/** The last Host value found valid: almost every request names the same one, so it is checked once. */
let lastValidHost = "";

/** Checks the Host header and the request target; see the module comment. */
export function checkRequestTarget(req: IncomingMessage): TargetCheck {
  const host = req.headers.host;
  if (host === undefined || hostHeaderCount(req) !== 1) return { ok: false, message: "Bad request: invalid Host header" };
  if (host !== lastValidHost) {
    if (!isValidHostHeader(host)) return { ok: false, message: "Bad request: invalid Host header" };
    lastValidHost = host;
  }
  let target = req.url ?? "";
  if (/^https?:\/\//i.test(target)) {
    // absolute-form (RFC 9112 3.2.2): the path and query are what is asked for.
    try {
      const url = new URL(target);
      target = url.pathname + url.search;
    } catch {
      return { ok: false, message: "Bad request: invalid request target" };
    }
  }
  if (!target.startsWith("/")) return { ok: false, message: "Bad request: invalid request target" };
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const search = queryAt === -1 ? "" : target.slice(queryAt);
  if (path.includes("%")) {
    try {
      decodeURIComponent(path);
    } catch {
      return { ok: false, message: "Bad request: invalid percent-encoding in the path" };
    }
  }
  return { ok: true, path, search };
}

/**
 * The path as the router reads it, for deciding which routes may answer: percent-escapes decoded once
 * (React Router decodes before matching), letters lower-cased (its matching ignores case) and runs of
 * slashes made one. So `/%61dmin/x`, `/ADMIN/x` and `//admin/x` all ask for the admin. Only for that
 * decision, never to build a URL. (checkRequestTarget has refused a path that does not decode.)
 */
export function routingPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // not reached through the server: such a path was answered 400 before
  }
  return decoded.toLowerCase().replace(/\/{2,}/g, "/");
}
