import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

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
    res.type("application/json").send(JSON.stringify({ message }));
    return;
  }
  res.type("text/html").send(errorPage(status, message));
}

function acceptsJsonOnly(req: ExpressRequest): boolean {
  const accept = req.get("accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A self-contained page: it must render even when the app itself cannot. */
export function errorPage(status: number, message: string): string {
  return `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status} | Kestrel Insight</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"></head><body style="font-family:system-ui,sans-serif;color:#121c30;margin:0;display:grid;place-items:center;min-height:100vh;padding:1rem"><main style="max-width:32rem"><h1 style="font-size:1.5rem">${escapeHtml(message)}</h1><p>Error ${status}. <a href="/" style="color:#04755e">Go to the home page</a>.</p></main></body></html>`;
}
