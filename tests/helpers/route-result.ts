import type { AppLoadContext } from "@remix-run/node";

export interface RouteResult {
  status: number;
  headers: Headers;
  /** The parsed JSON or text of a Response, or the data of `data()` / a plain return. */
  body: unknown;
}

export const testContext: AppLoadContext = { cspNonce: "", clientAddress: "203.0.113.7", peerAddress: "127.0.0.1" };

interface DataWithResponseInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}

function isDataWithResponseInit(value: unknown): value is DataWithResponseInit {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/**
 * Runs a loader or action and reports what the browser would get, whether the route returned or threw
 * a Response, returned `data(...)` with a status, or returned plain data (200). Other errors propagate.
 */
export async function settle(run: () => unknown): Promise<RouteResult> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    if (!(thrown instanceof Response) && !isDataWithResponseInit(thrown)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: result.status, headers: result.headers, body };
  }
  if (isDataWithResponseInit(result)) {
    return { status: result.init?.status ?? 200, headers: new Headers(result.init?.headers), body: result.data };
  }
  return { status: 200, headers: new Headers(), body: result };
}
