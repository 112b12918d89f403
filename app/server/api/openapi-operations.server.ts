import { z } from "zod";

/**
 * What an API route module says of itself for the OpenAPI document: its `openapi` export, a list of
 * operations beside its loader and action, referencing the Zod schemas it validates with and answers.
 * openapi.server.ts collects them and builds the document. A schema is a component of the document under
 * the name given to it where it is defined, with `named`.
 */

const names = new WeakMap<z.ZodObject, string>();
const schemasNamed: { name: string; schema: z.ZodObject }[] = [];

/** Gives a schema its name in the document's components ("Product"), and returns it. */
export function named<T extends z.ZodObject>(schema: T, name: string): T {
  const given = names.get(schema);
  if (given === name) return schema;
  if (given !== undefined) throw new Error(`A schema named ${given} cannot be named ${name} too`);
  names.set(schema, name);
  schemasNamed.push({ name, schema });
  return schema;
}

/** A page of a list as the API answers it, `{ items, page, pageCount, total }`, under its name. */
export function pageSchema<T extends z.ZodObject>(item: T, name: string, description: string) {
  const page = z.object({
    items: z.array(item),
    page: z.number().int().min(1),
    pageCount: z.number().int().min(1),
    total: z.number().int().min(0),
  });
  return named(page.meta({ description }), name);
}

/** A schema under the name it was given where it is defined, or else `name` (a derived operation's default). */
export function namedOr<T extends z.ZodObject>(schema: T, name: string): T {
  return names.has(schema) ? schema : named(schema, name);
}

/** The name a schema was given; the document cannot refer to a schema without one. */
export function schemaName(schema: z.ZodObject): string {
  const name = names.get(schema);
  if (name === undefined) throw new Error("An API schema has no name: give it one with named()");
  return name;
}

/** Every schema given a name, in the order they were named (one name may be given to equal schemas). */
export function namedSchemas(): readonly { name: string; schema: z.ZodObject }[] {
  return schemasNamed;
}

export type HttpMethod = "get" | "post" | "put" | "delete";

export interface ApiOperation {
  method: HttpMethod;
  /** OpenAPI form: /api/admin/products/{id}. */
  path: string;
  summary: string;
  /** Longer notes: choices a client needs to know (pagination, what a status means here). */
  description?: string;
  tag: "Content" | "Contact" | "Operator" | "Sign-in" | "Meta";
  /** public: anyone; operator: a signed-in operator's session; browser: a navigation answered with a redirect. */
  access: "public" | "operator" | "browser";
  request?: z.ZodObject;
  /** The request body is multipart/form-data (a file upload), not JSON. */
  multipart?: boolean;
  /** The body may be left out altogether (the request schema's fields are all optional). */
  requestOptional?: boolean;
  success:
    | { status: 200; schema?: z.ZodObject; list?: boolean; cacheable?: boolean; oneOf?: z.ZodObject[] }
    | {
        status: 201;
        schema: z.ZodObject;
        location?: boolean;
        description?: string;
        /** When the answer is 200 instead, with the same schema: what already existed. */
        existing?: string;
      }
    | { status: 202; schema: z.ZodObject; description: string }
    | { status: 204 }
    | { status: 302 };
  /** Extra error statuses beyond those implied by access, body and path. */
  also?: number[];
  /** What a status means here, where it means more than the usual (ERROR_DESCRIPTIONS). */
  errorNotes?: Partial<Record<number, string>>;
  /** A write to a financial promotion: 202 with its pending version while approval is required (issue 42). */
  awaitsApproval?: boolean;
  /** A path parameter that is not what its name usually is (`{id}` a session's uuid, not a number). */
  pathParameters?: Record<string, { pattern: string; format?: string }>;
  /** Query parameters: one of `enum`, or text matching `pattern`. */
  query?: { name: string; enum?: readonly string[]; pattern?: string; description: string }[];
}

/** A public, cacheable read. */
export const publicRead = (
  path: string,
  summary: string,
  schema: z.ZodObject,
  extra: Partial<ApiOperation> = {},
): ApiOperation => ({
  method: "get",
  path,
  summary,
  tag: "Content",
  access: "public",
  success: { status: 200, schema, list: false, cacheable: true },
  ...extra,
});

/** A public, cacheable read of a short list, answered as a bare array. */
export const publicList = (...args: Parameters<typeof publicRead>): ApiOperation => ({
  ...publicRead(...args),
  success: { status: 200, schema: args[2], list: true, cacheable: true },
});

/** A signed-in operator's call. */
export const operatorCall = (
  method: HttpMethod,
  path: string,
  summary: string,
  success: ApiOperation["success"],
  extra: Partial<ApiOperation> = {},
): ApiOperation => ({ method, path, summary, tag: "Operator", access: "operator", success, ...extra });

/** Anyone's call that is not a cached read of content (the contact form, this document). */
export const publicCall = (
  method: HttpMethod,
  path: string,
  summary: string,
  tag: ApiOperation["tag"],
  success: ApiOperation["success"],
  extra: Partial<ApiOperation> = {},
): ApiOperation => ({ method, path, summary, tag, access: "public", success, ...extra });

/** A browser's navigation in signing in or out, answered with a redirect. */
export const browserCall = (
  method: HttpMethod,
  path: string,
  summary: string,
  extra: Partial<ApiOperation> = {},
): ApiOperation => ({
  method,
  path,
  summary,
  tag: "Sign-in",
  access: "browser",
  success: { status: 302 },
  ...extra,
});

export const PAGE_QUERY = {
  name: "page",
  pattern: "^[1-9][0-9]{0,8}$",
  description: "The page, from 1 (the default). Anything else is a 400; a page past the last is a 404.",
};
export const PAGINATION_NOTE =
  'Paginated: unlike the short lists of this API (bare arrays), the answer is an object `{ items, page, pageCount, total }`, so the count travels with the items (and under the same ETag); a `Link` header gives `rel="prev"`/`rel="next"` when there are such pages. A page past the last is a 404 (as on the site\'s own list pages); a list with nothing in it is page 1 of 1, empty.';
