import crypto from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import type { WriteResult } from "~/models/actor";
import { requireAdminApi, type SessionUser } from "~/server/auth/auth.server";
import { describeDatabaseError, isDatabaseUnavailable } from "~db/errors.server";
import { RETRY_AFTER_SECONDS } from "~/server/http/error-response.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";
import { parseRecordId } from "~/utils/record-id";
import { checkRateLimit, RATE_LIMIT_MESSAGE, type RateLimitScope } from "~/models/rate-limit.server";

/**
 * The plumbing every /api route shares: method dispatch (405 with Allow), JSON answers with the right
 * caching, a size-limited and schema-checked JSON body, and errors that are always JSON with a
 * `message`, never an HTML page or a stack trace.
 */

export const API_MESSAGES = {
  notFound: "Not found",
  methodNotAllowed: "Method not allowed",
  unsupportedMediaType: "Content-Type must be application/json",
  malformed: "Malformed JSON",
  notAnObject: "The request body must be a JSON object",
  validation: "Validation failed",
  unknownField: "Unknown field",
  internal: "Internal server error",
  unavailable: "The service is temporarily unavailable. Please try again shortly.",
  rateLimited: RATE_LIMIT_MESSAGE,
} as const;

export type FieldErrors = Record<string, string[]>;
export interface ApiErrorBody {
  message: string;
  errors?: FieldErrors;
}

const NO_STORE = "no-store";
const PUBLIC_REVALIDATE = "public, max-age=0, must-revalidate";

/** A JSON answer that no cache keeps: writes and errors. */
export function apiJson(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", NO_STORE);
  return Response.json(data, { ...init, headers });
}

export function apiError(
  status: number,
  message: string,
  options: { errors?: FieldErrors; headers?: HeadersInit } = {},
): Response {
  const body: ApiErrorBody = options.errors ? { message, errors: options.errors } : { message };
  return apiJson(body, { status, headers: options.headers });
}

export function validationError(errors: FieldErrors): Response {
  return apiError(400, API_MESSAGES.validation, { errors });
}

/**
 * A public read: cacheable by anyone but revalidated every time, with a strong ETag of the body, so an
 * unchanged answer costs a 304 and no bytes.
 */
export function publicJson(request: Request, data: unknown, headers: HeadersInit = {}): Response {
  const body = JSON.stringify(data);
  const etag = `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const responseHeaders = new Headers(headers);
  responseHeaders.set("Cache-Control", PUBLIC_REVALIDATE);
  responseHeaders.set("ETag", etag);
  if (etagMatches(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: responseHeaders });
  }
  responseHeaders.set("Content-Type", "application/json; charset=utf-8");
  return new Response(body, { status: 200, headers: responseHeaders });
}

/** A read that depends on the operator's session: never stored by any cache. */
export function privateJson(data: unknown, headers: HeadersInit = {}): Response {
  const responseHeaders = new Headers(headers);
  responseHeaders.set("Cache-Control", PRIVATE_NO_STORE);
  return Response.json(data, { headers: responseHeaders });
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): a compressing proxy may have weakened our tag. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch
    .split(",")
    .some((candidate) => candidate.trim() === "*" || bare(candidate) === bare(etag));
}

export type ApiMethod = "GET" | "POST" | "PUT" | "DELETE";
export type ApiArgs = LoaderFunctionArgs;
export type ApiMethodHandler = (args: ApiArgs) => Promise<Response>;

/**
 * One handler for a resource route's loader and action: dispatches on the method, answers 405 with
 * Allow for any other, and turns anything thrown into a JSON answer. (Cross-site writes and oversized
 * bodies never get here: the HTTP edge refuses them for every route, app/server/http.)
 * Usage: `const handle = apiRoute({ GET, PUT }); export { handle as loader, handle as action };`
 */
export function apiRoute(handlers: Partial<Record<ApiMethod, ApiMethodHandler>>): ApiMethodHandler {
  const methods = Object.keys(handlers) as ApiMethod[];
  const allow = methods.flatMap((method) => (method === "GET" ? ["GET", "HEAD"] : [method])).join(", ");
  return (args) =>
    withApiErrors(async () => {
      const method = args.request.method.toUpperCase();
      if (method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: allow } });
      const key = (method === "HEAD" ? "GET" : method) as ApiMethod;
      const handler = methods.includes(key) ? handlers[key] : undefined;
      if (!handler) return apiError(405, API_MESSAGES.methodNotAllowed, { headers: { Allow: allow } });
      return handler(args);
    });
}

/**
 * Runs an API handler: a thrown Response is the answer (the helpers below throw them); anything else is
 * logged and answered with a bare 500 JSON, never a stack trace.
 */
export async function withApiErrors(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    if (isDatabaseUnavailable(error)) {
      console.error(`[api] the database is unavailable: ${describeDatabaseError(error)}`);
      return apiError(503, API_MESSAGES.unavailable, { headers: { "Retry-After": RETRY_AFTER_SECONDS } });
    }
    console.error("[api] unexpected error", error);
    return apiError(500, API_MESSAGES.internal);
  }
}

/** Only application/json (optionally with charset=utf-8), uncompressed. */
function checkJsonContentType(request: Request): void {
  const [mediaType = "", ...params] = (request.headers.get("Content-Type") ?? "").split(";");
  const charset = params
    .map((param) => param.trim().toLowerCase())
    .find((param) => param.startsWith("charset="))
    ?.slice("charset=".length)
    .replace(/"/g, "");
  const encoding = request.headers.get("Content-Encoding")?.trim().toLowerCase();
  if (
    mediaType.trim().toLowerCase() !== "application/json" ||
    (charset !== undefined && charset !== "utf-8" && charset !== "utf8") ||
    (encoding !== undefined && encoding !== "" && encoding !== "identity")
  ) {
    throw apiError(415, API_MESSAGES.unsupportedMediaType);
  }
}

/** The parsed JSON body: 415 for another content type, 400 when it is not JSON. */
export async function readJson(request: Request): Promise<unknown> {
  checkJsonContentType(request);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await request.arrayBuffer());
  } catch {
    throw apiError(400, "The request body could not be read");
  }
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown;
  } catch {
    throw apiError(400, API_MESSAGES.malformed);
  }
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export type ObjectSchema = z.ZodObject;

/**
 * Checks a parsed body against a request schema: it must be an object, and pass the schema, which is
 * strict (`z.strictObject`: a misspelt field is an error, not silently ignored). Errors are keyed by field,
 * with SPEC's messages; a field the schema does not know gets "Unknown field".
 */
export function validateBody<S extends ObjectSchema>(schema: S, value: unknown): z.output<S> {
  if (!isJsonObject(value)) throw apiError(400, API_MESSAGES.notAnObject);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = new Map<string, string[]>();
  const add = (field: string, message: string) => {
    const list = errors.get(field) ?? [];
    if (!list.includes(message)) list.push(message);
    errors.set(field, list);
  };
  for (const issue of result.error.issues) {
    if (issue.code === "unrecognized_keys") for (const key of issue.keys) add(key, API_MESSAGES.unknownField);
    else add(issue.path.length > 0 ? String(issue.path[0]) : "body", issue.message);
  }
  throw validationError(Object.fromEntries(errors));
}

/** readJson + validateBody. */
export async function readJsonBody<S extends ObjectSchema>(
  request: Request,
  schema: S,
): Promise<z.output<S>> {
  return validateBody(schema, await readJson(request));
}

/** 429: over a rate limit, with the seconds to wait in Retry-After. */
export function tooManyRequests(retryAfter: number): Response {
  return apiError(429, API_MESSAGES.rateLimited, { headers: { "Retry-After": String(retryAfter) } });
}

/** Counts the request against a rate limit; over it, 429 with Retry-After. */
export async function enforceRateLimit(scope: RateLimitScope, clientAddress: string): Promise<void> {
  const { allowed, retryAfter } = await checkRateLimit(scope, clientAddress);
  if (!allowed) throw tooManyRequests(retryAfter);
}

/** Every /api/admin write: a signed-in operator (401 JSON otherwise) within the admin write rate limit. */
export async function requireOperatorWrite({ request, context }: ApiArgs): Promise<SessionUser> {
  const user = await requireAdminApi(request);
  await enforceRateLimit("adminWrite", context.clientAddress);
  return user;
}

/** A record id from the URL, or 404 with this message. */
export function parseId(value: string | undefined, notFoundMessage: string): number {
  const id = parseRecordId(value);
  if (id === null) throw apiError(404, notFoundMessage);
  return id;
}

/** The record a model wrote, or the error answer for why it did not. */
export function writtenRecord<T>(result: WriteResult<T>, notFoundMessage: string): T {
  if (result.ok) return result.record;
  switch (result.reason) {
    case "not_found":
      throw apiError(404, notFoundMessage);
    case "conflict":
      throw apiError(409, result.message);
    case "invalid":
      throw validationError({ [result.field]: [result.message] });
  }
}

/** 201 with the created resource and where it lives. */
export function created(request: Request, data: { id: number }): Response {
  const location = new URL(request.url);
  location.pathname = `${location.pathname.replace(/\/+$/, "")}/${data.id}`;
  location.search = "";
  return apiJson(data, { status: 201, headers: { Location: location.pathname } });
}

export function noContent(): Response {
  return new Response(null, { status: 204, headers: { "Cache-Control": NO_STORE } });
}
