import {
  createRequestHandler as createNodeHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { BODY_LIMIT_BYTES, readLimitedBody } from "./body-limit.server";
import { errorPage, sendError } from "./error-response.server";

export interface RemixHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** Resolves when the database answers; used to tell an outage (503) from a bug (500). */
  databaseAvailable: () => Promise<boolean>;
  bodyLimit?: number;
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

      const response = await handle(request, options.getLoadContext(req, res));
      if (response.status >= 500 && !(await options.databaseAvailable())) {
        return sendUnavailable(req, res);
      }
      await sendRemixResponse(res, response);
    } catch (error) {
      if (!(await options.databaseAvailable().catch(() => false))) return sendUnavailable(req, res);
      next(error);
    }
  };
}

function sendUnavailable(req: ExpressRequest, res: ExpressResponse) {
  sendError(req, res, 503, "The service is temporarily unavailable. Please try again shortly.", {
    "Retry-After": RETRY_AFTER_SECONDS,
  });
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
