import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { newNonce, securityHeaderList, type PolicyInputs } from "./security-headers.server";

/** Paths a load balancer may probe over plain HTTP: never redirected. */
const PROBES = new Set(["/healthz", "/readyz"]);

/**
 * Whether a request is known to have arrived over plain HTTP on a site whose address is https: on this
 * server's own socket (no TLS), or, behind TRUST_PROXY trusted proxies, as the nearest proxy says
 * (X-Forwarded-Proto, as Express reads it). Without TLS here and without a trusted proxy the server
 * cannot know, so it does not redirect.
 */
export function arrivedOverPlainHttp(req: IncomingMessage, trustProxy: number, terminatesTls: boolean): boolean {
  if (terminatesTls) return !(req.socket as TLSSocket).encrypted;
  if (trustProxy === 0) return false;
  const header = req.headers["x-forwarded-proto"];
  const proto = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim().toLowerCase();
  return proto === "http";
}

/**
 * A permanent redirect to the same path and query on the site's https origin (PUBLIC_URL), with the
 * security headers. Returns false for the health probes, which are answered where they arrive.
 */
export function redirectToHttps(req: IncomingMessage, res: ServerResponse, siteOrigin: string, policy: PolicyInputs): boolean {
  const target = req.url ?? "/";
  if (PROBES.has(target.split("?")[0]!)) return false;
  const location = siteOrigin + (target.startsWith("/") ? target : "/");
  const headers = [...securityHeaderList(newNonce(), policy), ["Location", location], ["Cache-Control", "no-store"], ["Content-Length", "0"]];
  // 301 for what browsers and crawlers fetch; 308 keeps a form's method and body.
  res.writeHead(req.method === "GET" || req.method === "HEAD" ? 301 : 308, headers.flat());
  res.end();
  return true;
}
