import type { AppLoadContext } from "@remix-run/node";

/**
 * Stored HTML as a loader returns it (shown with StoredBody): for a data request (a client-side navigation) the
 * HTML itself; for a document, null, the HTML handed to the render beside the data instead, so that a long
 * post is not sent twice (once in the markup, once more in the data that hydrates it).
 */
export function htmlOnce(context: AppLoadContext, markupKey: string, html: string): string | null {
  if (!context.markupOnly) return html;
  context.markupOnly.set(markupKey, html);
  return null;
}
