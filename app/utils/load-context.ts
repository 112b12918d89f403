/** What server.ts passes from Express to every loader and action. */
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This response's Content-Security-Policy nonce. */
    cspNonce: string;
    /** The client's address, after TRUST_PROXY hops: the key for rate limits. */
    clientAddress: string;
    /** The socket's remote address (the proxy's, behind one): who is actually connected. */
    peerAddress: string;
  }
}

export {};
