import {
  createRequestHandler as createNodeHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { BODY_LIMIT_BYTES, readLimitedBody } from "./body-limit.server";
import { errorPage, sendError } from "./error-response.server";
import {
  currentGeneration,
  getCachedPage,
  isCacheableRender,
  NONCE_MARKER,
  pageCacheKey,
  revalidatedNonce,
  sendCachedPage,
  storePage,
  type CachedPage,
} from "./page-cache.server";
import { contentSecurityPolicy, type PolicyInputs } from "./security-headers.server";

export interface RemixHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** Resolves when the database answers; used to tell an outage (503) from a bug (500). */
  databaseAvailable: () => Promise<boolean>;
  bodyLimit?: number;
  /** Keep anonymous public pages in the page cache (off in development, where code changes). */
  pageCache: boolean;
  /** The security policy's inputs, to repeat a revalidated page's CSP. */
  policy: () => PolicyInputs;
}

const RETRY_AFTER_SECONDS = "10";

/**
 * The Remix request handler, as @remix-run/express's (whose request and response mapping this follows) but reading the body first with a hard size limit
 * (413 before an oversized body is read whole), and answering 503 with Retry-After when a render failed
 * because the database is unreachable.
 */
export function remixHandler(options: RemixHandlerOptions): RequestHandler {
  const handle = createNodeHandler(options.build, options.mode);
  const limit = options.bodyLimit ?? BODY_LIMIT_BYTES;

  return async (req, res, next) => {
    try {
      const cacheKey = options.pageCache ? pageCacheKey(req) : null;
      if (cacheKey) {
        const cached = getCachedPage(cacheKey);
        if (cached) return sendPage(req, res, cached, options.policy);
      }

      let body: Buffer | undefined;
      if (req.method !== "GET" && req.method !== "HEAD") {
        const result = await readLimitedBody(req, limit);
        if (!result.ok) {
          if (result.reason === "too_large") {
            res.set("Connection", "close");
            sendError(req, res, 413, `Request body too large: the limit is ${Math.round(limit / 1024)} KB`);
            req.resume();
          } else {
            res.destroy();
          }
          return;
        }
        body = result.body;
      }

      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const request = new Request(requestUrl(req), {
        method: req.method,
        headers: requestHeaders(req),
        signal: controller.signal,
        ...(body ? { body: new Blob([new Uint8Array(body)]) } : {}),
      });

      const context = options.getLoadContext(req, res);
      const generation = currentGeneration();
      const response = await handle(request, cacheKey ? { ...context, cspNonce: NONCE_MARKER } : context);
      if (response.status >= 500 && !(await options.databaseAvailable())) {
        return sendUnavailable(req, res);
      }
      if (cacheKey && isCacheableRender(response)) {
        const page = storePage(cacheKey, await response.text(), response.headers, generation);
        return sendPage(req, res, page, options.policy);
      }
      if (cacheKey) {
        // Rendered with the marker but not cacheable (an error page, say): swap in this response's nonce.
        const html = (await response.text()).split(NONCE_MARKER).join(String(res.locals.cspNonce ?? ""));
        return void sendRemixResponse(res, new Response(html, response));
      }
      if (!response.headers.has("cache-control") && hasSessionCookie(req)) {
        response.headers.set("Cache-Control", "private, no-store");
      }
      await sendRemixResponse(res, response);
    } catch (error) {
      if (!(await options.databaseAvailable().catch(() => false))) return sendUnavailable(req, res);
      next(error);
    }
  };
}

/** A cached page from within Express, whose middleware already set the CSP for a fresh nonce. */
function sendPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage, policy: () => PolicyInputs) {
  const reused = revalidatedNonce(req, page);
  if (reused) res.setHeader("Content-Security-Policy", contentSecurityPolicy(reused, policy()));
  sendCachedPage(req, res, page, reused ?? String(res.locals.cspNonce ?? ""), reused !== null);
}

function sendUnavailable(req: ExpressRequest, res: ExpressResponse) {
  sendError(req, res, 503, "The service is temporarily unavailable. Please try again shortly.", {
    "Retry-After": RETRY_AFTER_SECONDS,
  });
}

function hasSessionCookie(req: ExpressRequest): boolean {
  return /(?:^|;\s*)(?:__Host-)?kestrel_session=/.test(req.headers.cookie ?? "");
}

function requestHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

async function sendRemixResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

function requestUrl(req: ExpressRequest): string {
  // req.hostname honours "trust proxy"; the port comes from Host as in @remix-run/express.
  const port = req.get("host")?.split(":")[1];
  return `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
}

/** The last resort: an error that escaped everything else. No stack, no SQL, no path. */
export const finalErrorHandler = (
  error: unknown,
  req: ExpressRequest,
  res: ExpressResponse,
  _next: (error?: unknown) => void,
) => {
  console.error(error);
  if (res.headersSent) return res.end();
  if (req.path.startsWith("/api/")) {
    return res.status(500).type("application/json").send(JSON.stringify({ message: "Internal server error" }));
  }
  res.status(500).type("text/html").send(errorPage(500, "Something went wrong on our side"));
};
