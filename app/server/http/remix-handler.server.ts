import {
  createRequestHandler as createNodeHandler,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { getAdmin } from "~/server/auth/auth.server";
import { failedOnDatabase } from "./database-health.server";
import {
  BODY_LIMIT_BYTES,
  bodyLimitFor,
  closeWithoutReset,
  lingerAfterAnswer,
  MEDIA_UPLOAD_FORM_PATH,
  readLimitedBody,
} from "~/server/http/body-limit.server";
import { readOversizedUpload } from "~/server/media/oversized-upload.server";
import { errorPage, RETRY_AFTER_SECONDS, sendError } from "~/server/http/error-response.server";
import { jsonCacheKey, produceIntoCache, sendCachedJson } from "~/server/http/json-cache.server";
import { NONCE_MARKER, pageCacheKey, PAGE_VARY, renderIntoCache, sendCachedPage } from "~/server/http/page-cache.server";
import { isJsonContentType, useDataSecurityHeaders, type PolicyInputs } from "~/server/http/security-headers.server";
import { setPublicPageRenderer } from "~/server/promotions/public-pages.server";
import { withPromotionPreview } from "~/models/promotion-preview.server";
import { redirectRuleOf } from "./redirect-edge.server";
import { routingPath } from "./request-target.server";

export interface RemixHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  /** The site's origin (PUBLIC_URL): every URL Remix sees is on it, whatever Host the request named. */
  siteOrigin: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** Resolves when the database answers; used to tell an outage (503) from a bug (500). */
  databaseAvailable: () => Promise<boolean>;
  bodyLimit?: number;
  /** Milliseconds a request body may pause before the request is given up (408). */
  bodyIdleMs?: number;
  /** Milliseconds until an answer must be ready; past it the request gets 503 (a hung database). */
  deadlineMs?: number;
  /** Keep anonymous public pages in the page cache (off in development, where code changes). */
  pageCache: boolean;
  /** The security policy's inputs, for a page sent from the cache. */
  policy: () => PolicyInputs;
}


/** Headers a proxy adds about the request's route: Remix must not build anything from them. */
const PROXY_HEADERS = new Set(["host", "forwarded", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-forwarded-for"]);

/**
 * The Remix request handler, as @remix-run/express's (whose request and response mapping this follows),
 * with these differences:
 * - the URL Remix renders is the site's origin (PUBLIC_URL) plus the request's path, never built from
 *   Host or forwarded headers, and Remix sees the site's own Host;
 * - HEAD is rendered as GET (Node sends no body for HEAD), so a HEAD answer is a GET answer;
 * - the body is read first with a hard size limit (413 before an oversized body is read whole, the rest
 *   then read and discarded up to a bound so that the client reads it; the library's upload form, posted
 *   without JavaScript, reaches its screen with the file cut, for the intake to refuse) and an idle limit
 *   (408 for a body that stalls);
 * - anonymous public pages are rendered into the page cache from their key alone (see page-cache);
 * - a render that failed while the database does not answer becomes 503 with Retry-After;
 * - an unsafe method on a screen without an action is answered as the same screen's GET would be when
 *   that is a 404 (a signed-out admin screen, an unknown path), else 405 with Allow; a legacy `_data`
 *   request is refused (400) before any action runs;
 * - for a visitor who is not signed in, the admin screens are not routes at all (SPEC 2: "Admin routes
 *   are not registered for signed-out users"): an address the router would read as an admin one, decoded
 *   once before any route decision (`/%61dmin/x`, `/ADMIN/x`, `//admin/x`, `/admin/x.data`, `?_data=`),
 *   is answered, whatever the method, with the not-found page rendered for `/admin` by the build without
 *   the admin screens: the same bytes for every admin address, and no admin route runs or is named.
 */
export function remixHandler(options: RemixHandlerOptions): RequestHandler {
  const handleAll = createNodeHandler(options.build, options.mode);
  const { build } = options;
  const handlePublic = createNodeHandler(
    typeof build === "function" ? () => build().then(withoutAdminScreens) : withoutAdminScreens(build),
    options.mode,
  );
  const defaultLimit = options.bodyLimit ?? BODY_LIMIT_BYTES;
  // What an approved financial promotion keeps: the page a signed-out visitor is sent, rendered here.
  // An approver's preview of a pending change is the same render with the change in place (never cached).
  setPublicPageRenderer(async (path, preview) => {
    const render = async () => {
      const response = await handlePublic(new Request(options.siteOrigin + path), {
        cspNonce: "",
        clientAddress: "127.0.0.1",
        peerAddress: "127.0.0.1",
        promotionPreview: preview ? { backTo: preview.backTo ?? "/admin/approvals" } : undefined,
      });
      return response.text();
    };
    return preview ? withPromotionPreview(preview, render) : render();
  });

  return async (req, res, next) => {
    try {
      // Joined, not resolved: a path such as "//elsewhere.example/x" stays a path on this site.
      const url = new URL(options.siteOrigin + req.originalUrl);
      const adminAddress = isAdminScreenPath(routingPath(url.pathname));
      if (!adminAddress && url.searchParams.has("_data")) {
        return sendError(req, res, 400, "Bad request: this address does not take a _data parameter");
      }

      // A public JSON read is produced into the JSON cache from its key alone, like a page below.
      const jsonKey = options.pageCache && !redirectRuleOf(req) ? jsonCacheKey(req) : null;
      if (jsonKey) {
        const context = options.getLoadContext(req, res);
        const entry = await raceDeadline(
          produceIntoCache(jsonKey, options.siteOrigin, (request) => handlePublic(request, context)),
          options.deadlineMs,
        );
        if (entry === TIMED_OUT) return sendUnavailable(req, res);
        if (entry) {
          useDataSecurityHeaders(res);
          return sendCachedJson(req, res, entry, options.policy());
        }
      }

      // A request the redirect rules marked (a removed page) is rendered for itself, never from the cache.
      const cacheKey = options.pageCache && !redirectRuleOf(req) ? pageCacheKey(req) : null;
      if (cacheKey) {
        const context = { ...options.getLoadContext(req, res), cspNonce: NONCE_MARKER, renderWhole: true };
        const page = await raceDeadline(
          renderIntoCache(cacheKey, options.siteOrigin, (request) => handlePublic(request, context)),
          options.deadlineMs,
        );
        if (page === TIMED_OUT) return sendUnavailable(req, res);
        if (page) return sendCachedPage(req, res, page, options.policy());
      }

      let body: Buffer | undefined;
      if (req.method !== "GET" && req.method !== "HEAD") {
        let limit = bodyLimitFor(url.pathname, defaultLimit);
        // The larger limits are for operators: a body from anyone else is held to the site's own.
        if (limit > defaultLimit && !(await getAdmin(new Request(url, { headers: requestHeaders(req, url.host) })))) {
          limit = defaultLimit;
        }
        const result = await readLimitedBody(req, limit, {
          idleMs: options.bodyIdleMs,
          // An operator's oversized upload from the library's form, posted without JavaScript, reaches the
          // screen's action (which draws the screen again with the intake's message) with the file cut.
          overLimit: url.pathname === MEDIA_UPLOAD_FORM_PATH && limit > defaultLimit ? readOversizedUpload(req.headers["content-type"]) : undefined,
        });
        if (!result.ok) {
          res.set("Connection", "close");
          if (result.reason === "too_large") {
            if (result.rest === "unread") lingerAfterAnswer(req, res);
            if (result.rest === "past_bounds") closeWithoutReset(req);
            sendError(req, res, 413, `Request body too large: the limit is ${Math.round(limit / 1024)} KB`);
          } else if (result.reason === "timeout") {
            sendError(req, res, 408, "Request timeout: the request body stopped arriving");
            res.on("finish", () => req.destroy());
          } else {
            res.destroy();
          }
          return;
        }
        body = result.body;
        if (result.contentType) {
          req.headers["content-type"] = result.contentType;
          delete req.headers["content-length"];
        }
      }

      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const method = req.method === "HEAD" ? "GET" : req.method;
      const request = new Request(url, {
        method,
        headers: requestHeaders(req, url.host),
        signal: controller.signal,
        ...(body ? { body: new Blob([new Uint8Array(body)]) } : {}),
      });

      const context = options.getLoadContext(req, res);
      let pending: Promise<Response>;
      if (adminAddress && !(await getAdmin(request))) {
        // The admin's own client asking for data after its session ended gets this page too; its error
        // boundary asks whether the session is still there (AdminErrorBoundary).
        pending = handlePublic(new Request(options.siteOrigin + "/admin", { headers: notFoundHeaders(req, url.host), signal: controller.signal }), context);
      } else if (url.searchParams.has("_data")) {
        return sendError(req, res, 400, "Bad request: this address does not take a _data parameter");
      } else {
        pending = handleAll(request, context);
      }
      let response = await raceDeadline(pending, options.deadlineMs);
      if (response === TIMED_OUT) {
        // Loaders see the request aborted; whatever answer comes later is read and dropped.
        controller.abort();
        void pending.then(drain, () => undefined);
        return sendUnavailable(req, res);
      }
      if (response.status >= 500 && (failedOnDatabase(request) || !(await options.databaseAvailable()))) {
        await drain(response);
        return sendUnavailable(req, res);
      }
      if (response.status === 405 && method !== "GET" && isHtml(response)) {
        response = await withoutAction(response, () =>
          handleAll(new Request(url, { method: "GET", headers: requestHeaders(req, url.host) }), context),
        );
      }
      if (isHtml(response)) response.headers.set("Vary", PAGE_VARY);
      // A JSON answer, or a JSON read's 304 (which names no type), gets the data headers, as from the JSON cache.
      if (isJsonContentType(response.headers.get("content-type")) || (response.status === 304 && url.pathname.startsWith("/api/"))) {
        useDataSecurityHeaders(res);
      }
      await sendRemixResponse(res, response);
    } catch (error) {
      if (!(await options.databaseAvailable().catch(() => false))) return sendUnavailable(req, res);
      next(error);
    }
  };
}

/** The admin screens' route modules: admin.tsx and everything under it (not the JSON API under api.admin). */
const ADMIN_SCREEN_ROUTE = /^routes\/admin(?:[.[]|$)/;

function withoutAdminScreens(build: ServerBuild): ServerBuild {
  const publicOnly = <T,>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).filter(([id]) => !ADMIN_SCREEN_ROUTE.test(id)));
  return { ...build, routes: publicOnly(build.routes), assets: { ...build.assets, routes: publicOnly(build.assets.routes) } };
}

/**
 * /admin, anything under it, and their single-fetch data addresses (/admin.data, /admin/hero.data), in a
 * path as routingPath gives it. Wider than the admin routes (`/admin.x` too): a wider net only sends a
 * signed-out visitor to a 404 that the site would have answered anyway.
 */
function isAdminScreenPath(path: string): boolean {
  return /^\/admin(?:$|[/.])/.test(path);
}

/** What the signed-out admin 404 is rendered from: only what the public not-found page reads. */
function notFoundHeaders(req: ExpressRequest, siteHost: string): Headers {
  const headers = new Headers({ Host: siteHost, Accept: "text/html" });
  for (const name of ["cookie", "user-agent", "accept-language"]) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  return headers;
}

function isHtml(response: Response): boolean {
  return (response.headers.get("content-type") ?? "").startsWith("text/html");
}

/**
 * A form posted to a screen that takes none: what GET of the same address answers when that is a 404
 * (so a signed-out visitor cannot tell admin screens from missing ones), else a short 405.
 */
async function withoutAction(refused: Response, renderGet: () => Promise<Response>): Promise<Response> {
  await drain(refused);
  const asGet = await renderGet();
  if (asGet.status === 404) return asGet;
  await drain(asGet);
  return new Response(errorPage(405, "This page does not accept form submissions"), {
    status: 405,
    headers: { "Content-Type": "text/html; charset=utf-8", Allow: "GET, HEAD", "Cache-Control": "no-store" },
  });
}

const TIMED_OUT = Symbol("timed out");

/** The promise's value, or TIMED_OUT when it is not settled within `ms` (no deadline when unset). */
async function raceDeadline<T>(pending: Promise<T>, ms: number | undefined): Promise<T | typeof TIMED_OUT> {
  if (!ms) return pending;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  try {
    return await Promise.race([pending, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads a rendered answer to its end: cancelling it mid-stream would make React report an error. */
export async function drain(response: Response): Promise<void> {
  await response.arrayBuffer().catch(() => undefined);
}

function sendUnavailable(req: ExpressRequest, res: ExpressResponse) {
  sendError(req, res, 503, "The service is temporarily unavailable. Please try again shortly.", {
    "Retry-After": RETRY_AFTER_SECONDS,
  });
}

function requestHeaders(req: ExpressRequest, siteHost: string): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (PROXY_HEADERS.has(key)) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.set(key, value);
  }
  headers.set("Host", siteHost);
  return headers;
}

async function sendRemixResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.body) await writeBody(response.body, res);
  else res.end();
}

/**
 * A streamed answer (a page as React renders it, a CSV export of every message) written as the client
 * takes it: when the socket's buffer is full the next chunk is not read until it drains, so a slow
 * download holds one chunk in memory, not the whole answer. A client that goes away stops the stream.
 */
async function writeBody(body: ReadableStream<Uint8Array>, res: ExpressResponse): Promise<void> {
  const reader = body.getReader();
  // One listener each for the whole answer: the compression middleware passes "drain" listeners on to its
  // own stream and never takes them off again, so one per chunk would pile up.
  let wake: (() => void) | undefined;
  const resume = () => wake?.();
  res.on("drain", resume);
  res.once("close", resume);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = res.write(value);
      // The compression middleware holds what it has compressed until told to send it.
      (res as unknown as { flush?: () => void }).flush?.();
      if (!room && !res.destroyed) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      if (res.destroyed) {
        await reader.cancel().catch(() => undefined);
        return;
      }
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
}

/**
 * The last resort: an error that escaped everything else. A 4xx raised by Express or its middleware
 * (a malformed path, a bad Range) is answered with its status and one line of log; anything else is a
 * 500 with no stack, SQL or path in the answer.
 */
export const finalErrorHandler = (
  error: unknown,
  req: ExpressRequest,
  res: ExpressResponse,
  _next: (error?: unknown) => void,
) => {
  const status = clientErrorStatus(error);
  if (status) {
    console.warn(`[http] ${status} ${req.method} ${req.path.slice(0, 200)}: ${(error as Error).message ?? error}`);
    return sendError(req, res, status, status === 416 ? "Range not satisfiable" : "Bad request");
  }
  console.error(error);
  if (res.headersSent) return res.end();
  sendError(req, res, 500, req.path.startsWith("/api/") ? "Internal server error" : "Something went wrong on our side");
};

function clientErrorStatus(error: unknown): number | null {
  if (typeof error !== "object" || error === null) return null;
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof status === "number" && status >= 400 && status < 500 ? status : null;
}
