import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { noteRequestError } from "~/server/http/database-health.server";
import { closingTagsLast, wholeDocument, wholeResponse } from "~/server/http/document-end.server";
import { describeDatabaseError } from "~db/errors.server";
import { NonceProvider } from "~/utils/nonce";
import { MarkupOnlyContext } from "~/components/site/rendered-markdown";
import { dataRequestRedirect } from "~/server/http/redirect-edge.server";
import { getConfig } from "~/server/config.server";

// The server itself lives in the build, so the process runs one module graph: build/server.js imports
// this build and calls startServer. The bench, which renders pages in process, uses the next three.
export { startServer } from "~/server/http/start.server";
export { setConfig } from "~/server/config.server";
export { setDatabase } from "~db/client.server";
export { clearContentCache } from "~/models/content-cache.server";
// The render worker (app/server/site/render-worker.ts) imports this build for its jobs.
export { runRenderJob } from "~/models/render-jobs.server";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce || undefined;
  // Crawlers and the page cache get the whole document at once; browsers get it streamed as soon as the
  // shell is ready. The page cache's copy is not streamed at all: it is stored whole.
  const whole = loadContext.renderWhole === true;
  const readyEvent = whole || isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <MarkupOnlyContext.Provider value={loadContext.markupOnly}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </MarkupOnlyContext.Provider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (whole) {
            const { sink, done } = wholeDocument();
            done.then(
              (document) => {
                clearTimeout(timeout);
                resolve(wholeResponse(document, { headers: responseHeaders, status: responseStatusCode }));
              },
              (error: unknown) => {
                clearTimeout(timeout);
                reject(error);
              },
            );
            pipe(sink);
            return;
          }
          const body = closingTagsLast();
          body.once("close", () => clearTimeout(timeout));
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    // Cleared when the document is done (React calls back only after this line, from setImmediate): a pending
    // timer would hold the whole render for ABORT_DELAY.
    const timeout = setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * A client-side navigation to an address with an operator's redirect rule: the edge passed its data
 * request on, marked; it is answered as Remix answers a loader's redirect, so the browser follows it (to
 * another site with a full load, and for a removed page by loading the address as a document).
 */
export async function handleDataRequest(
  response: Response,
  { request, context }: { request: Request; context: AppLoadContext },
) {
  if (!context.redirect) return response;
  await response.arrayBuffer().catch(() => undefined);
  const { location, status, reload } = dataRequestRedirect(
    context.redirect,
    request,
    getConfig().publicUrl.origin,
  );
  const headers = new Headers({ Location: location, "Cache-Control": "no-store" });
  if (reload) headers.set("X-Remix-Reload-Document", "true");
  return new Response(null, { status, headers });
}

/** Errors worth a log line: not a client's mistake (a 4xx Remix raised), not a request the client gave up. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // A failure of the database is answered 503 with Retry-After by the server, not 500, and logged in a line.
  if (noteRequestError(request, error))
    return console.error(`[render] the database is unavailable: ${describeDatabaseError(error)}`);
  console.error(error);
}
