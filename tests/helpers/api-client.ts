import type { AppLoadContext } from "@remix-run/node";
import { getDb } from "~db/client.server";
import { operators } from "~db/schema";
import { admitOperator } from "~/models/operators.server";
import { upsertUser } from "~/models/sessions.server";
import type { OperatorRole } from "~/schemas/operator";
import { isAllowedAdmin } from "~/server/auth/auth.server";
import { startSession } from "~/server/auth/session.server";

/** What a route module exports that these tests call directly. */
export interface RouteHandlers {
  loader?: (args: RouteArgs) => unknown;
  action?: (args: RouteArgs) => unknown;
}
export interface RouteArgs {
  request: Request;
  params: Record<string, string | undefined>;
  context: AppLoadContext;
}

export const SITE = "http://localhost:3000";

let addresses = 0;
/** A client address of its own, so one test's requests never count against another's rate limit. */
export function freshAddress(): string {
  addresses += 1;
  // A /64 of its own each time: the rate limits count an IPv6 client by its /64.
  return `2001:db8:${addresses.toString(16)}::1`;
}

/** Makes the address an operator of this role, as an admin would on the Operators screen. */
export async function setOperatorRole(email: string, role: OperatorRole): Promise<void> {
  const address = email.toLowerCase();
  await getDb()
    .insert(operators)
    .values({ email: address, name: address, role })
    .onConflictDoUpdate({ target: operators.email, set: { role, removedAt: null } });
}

/** A signed-in operator: the Cookie header value of a new session. */
/**
 * A session cookie for an operator of this role, signed in as the callback signs them in (an address on
 * ADMIN_EMAILS is bootstrapped as an admin); another role is given to the address first.
 */
export async function operatorCookie(email = "admin@kestrelinsight.example", role?: OperatorRole): Promise<string> {
  const user = await upsertUser(email, "Ada");
  if (role) await setOperatorRole(email, role);
  else await admitOperator(email, "Ada Lovelace", isAllowedAdmin(email));
  return (await startSession(user.id)).split(";")[0]!;
}

export interface CallOptions {
  method?: string;
  params?: Record<string, string>;
  /** Sent as JSON with Content-Type application/json. */
  json?: unknown;
  /** Sent as is (set the Content-Type yourself). */
  body?: BodyInit;
  headers?: Record<string, string>;
  cookie?: string;
  clientAddress?: string;
  search?: string;
}

export function buildRequest(path: string, options: CallOptions = {}): Request {
  const method = options.method ?? "GET";
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  }
  return new Request(`${SITE}${path}${options.search ?? ""}`, {
    method,
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

/** Calls an API route as Remix does (GET and HEAD to the loader, others to the action); it must answer a Response. */
export async function call(route: RouteHandlers, path: string, options: CallOptions = {}): Promise<Response> {
  const { result } = await invoke(route, path, options);
  if (!(result instanceof Response)) throw new Error("an API route must answer with a Response");
  return result;
}

/**
 * Calls any route module's loader or action and reports the HTTP status Remix would send: a Response's,
 * a `data(..., { status })` result's, 200 for plain data, or a thrown Response's. Anything else thrown
 * is what Remix answers with a 500, so it is rethrown.
 */
export async function invoke(
  route: RouteHandlers,
  path: string,
  options: CallOptions = {},
): Promise<{ status: number; result: unknown }> {
  const request = buildRequest(path, options);
  const handler = request.method === "GET" || request.method === "HEAD" ? route.loader : route.action;
  if (!handler) return { status: 405, result: undefined };
  let result: unknown;
  try {
    result = await handler({
      request,
      params: options.params ?? {},
      context: { cspNonce: "", clientAddress: options.clientAddress ?? freshAddress(), peerAddress: "127.0.0.1" },
    });
  } catch (error) {
    if (error instanceof Response) return { status: error.status, result: error };
    throw error;
  }
  if (result instanceof Response) return { status: result.status, result };
  if (isDataWithInit(result)) return { status: result.init?.status ?? 200, result };
  return { status: 200, result };
}

function isDataWithInit(
  value: unknown,
): value is { type: "DataWithResponseInit"; init: ResponseInit | null } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

/** The body as JSON (throws if it is not). */
export async function jsonOf<T = Record<string, unknown>>(response: Response): Promise<T> {
  expectJsonContentType(response);
  return (await response.json()) as T;
}

export function expectJsonContentType(response: Response): void {
  const type = response.headers.get("Content-Type") ?? "";
  if (!type.startsWith("application/json"))
    throw new Error(`expected JSON, got "${type}" (status ${response.status})`);
}


