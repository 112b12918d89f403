/** What the Remix handler (app/server/http/remix-handler.server.ts, its getLoadContext in start.server.ts) passes to every loader and action. */
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This response's Content-Security-Policy nonce. */
    cspNonce: string;
    /** The client's address, after TRUST_PROXY hops: the key for rate limits. */
    clientAddress: string;
    /** The socket's remote address (the proxy's, behind one): who is actually connected. */
    peerAddress: string;
    /**
     * The operator's rule for this address when the edge passed the request on with it: a 410 (render the
     * removed-page notice) or a data request for a redirected address (entry.server answers the redirect).
     */
    redirect?: { to: string; statusCode: number } | null;
    /**
     * Rendering an approver's preview of a pending financial promotion (decision 0027): the page carries the
     * preview's banner, is not indexed, and has no scripts (it is shown at an admin address, not its own).
     */
    promotionPreview?: { backTo: string };
    /** Rendering into the page cache: the document is made whole, then stored, so nothing is streamed. */
    renderWhole?: boolean;
    /**
     * Rendering a document (absent for a data request): stored HTML a loader hands to the render beside its
     * data, so that the page carries it once, in its markup, and not again in the data that hydrates it.
     */
    markupOnly?: Map<string, string>;
  }
}

export {};
