import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { escapeHtml } from "~/utils/escape-html";
import {
  dataSecurityHeaderList,
  newNonce,
  securityHeaderList,
  useDataSecurityHeaders,
  type PolicyInputs,
} from "~/server/http/security-headers.server";

/** Seconds a client is asked to wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = "10";

/** The same error, as JSON under /api (SPEC 8's client reads "{status}: {body}") and as a small page elsewhere. */
export function sendError(
  req: ExpressRequest,
  res: ExpressResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(status).set({ "Cache-Control": "no-store", ...headers });
  if (req.path.startsWith("/api/") || req.path === "/api" || acceptsJsonOnly(req)) {
    useDataSecurityHeaders(res);
    res.type("application/json").send(JSON.stringify({ message }));
    return;
  }
  res.type("text/html").send(errorPage(status, message));
}

/**
 * The same answer before Express has seen the request (a malformed Host or path): every security
 * header, Connection: close, and nothing taken from the request but its path and Accept.
 */
export function sendBareError(req: IncomingMessage, res: ServerResponse, status: number, message: string, policy: PolicyInputs): void {
  const path = (req.url ?? "").split("?")[0] ?? "";
  const json = path.startsWith("/api/") || path === "/api" || acceptsJsonOnly(req);
  const body = json ? JSON.stringify({ message }) : errorPage(status, message);
  const headers: [string, string][] = [
    ...(json ? dataSecurityHeaderList(policy) : securityHeaderList(newNonce(), policy)),
    ["Cache-Control", "no-store"],
    ["Content-Type", json ? "application/json; charset=utf-8" : "text/html; charset=utf-8"],
    ["Content-Length", String(Buffer.byteLength(body))],
    ["Connection", "close"],
  ];
  res.writeHead(status, headers.flat());
  res.end(req.method === "HEAD" ? undefined : body);
}

function acceptsJsonOnly(req: IncomingMessage): boolean {
  const accept = String(req.headers.accept ?? "");
  return accept.includes("application/json") && !accept.includes("text/html");
}

/** A self-contained page: it must render even when the app itself cannot. */
export function errorPage(status: number, message: string): string {
  return `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status} | Kestrel Insight</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"></head><body style="font-family:system-ui,sans-serif;color:#121c30;margin:0;display:grid;place-items:center;min-height:100vh;padding:1rem"><main style="max-width:32rem"><h1 style="font-size:1.5rem">${escapeHtml(message)}</h1><p>Error ${status}. <a href="/" style="color:#04755e">Go to the home page</a>.</p></main></body></html>`;
}
