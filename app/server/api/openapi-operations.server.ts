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

/** A time as the API answers it: ISO 8601 with its offset ("2026-12-01T09:30:00.000Z"). */
export const isoTime = z.iso.datetime({ offset: true });

/** A record's id as the API answers it: a whole number from 1. */
export const idNumber = z.number().int().min(1);

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

/** One method of an endpoint as the document describes it: the path, access and tag are the endpoint's. */
export type MethodDoc = Omit<ApiOperation, "method" | "path" | "tag" | "access">;
/** An endpoint's methods, each with its documentation; a method left undefined is not served. */
export type MethodDocs = Partial<Record<HttpMethod, MethodDoc | undefined>>;

function endpoint(
  path: string,
  kind: Pick<ApiOperation, "tag" | "access">,
  methods: MethodDocs,
): ApiOperation[] {
  return Object.entries(methods).flatMap(([method, doc]) =>
    doc ? [{ method: method as HttpMethod, path, ...kind, ...doc }] : [],
  );
}

/** A signed-in operator's endpoint, its methods documented by method name. */
export const operatorEndpoint = (path: string, methods: MethodDocs, tag: ApiOperation["tag"] = "Operator") =>
  endpoint(path, { tag, access: "operator" }, methods);

/** Anyone's endpoint: the public reads of content (tag Content) and the visitors' writes (Contact). */
export const publicEndpoint = (path: string, tag: ApiOperation["tag"], methods: MethodDocs) =>
  endpoint(path, { tag, access: "public" }, methods);

/** A browser's navigation in signing in or out, answered with a redirect. */
export const browserEndpoint = (
  path: string,
  methods: Partial<Record<HttpMethod, Omit<MethodDoc, "success">>>,
) =>
  endpoint(
    path,
    { tag: "Sign-in", access: "browser" },
    Object.fromEntries(
      Object.entries(methods).map(([method, doc]) => [method, { ...doc, success: REDIRECT }]),
    ),
  );

/** A 200 answering one record. */
export const okWith = (schema: z.ZodObject) => ({ status: 200, schema }) as const;
/** A 200 answering a short list of records as a bare array. */
export const okWithList = (schema: z.ZodObject) => ({ status: 200, schema, list: true }) as const;
/** A public, cacheable 200 (ETag, 304) answering one record. */
export const cachedWith = (schema: z.ZodObject) =>
  ({ status: 200, schema, list: false, cacheable: true }) as const;
/** A public, cacheable 200 answering a short list of records as a bare array. */
export const cachedWithList = (schema: z.ZodObject) =>
  ({ status: 200, schema, list: true, cacheable: true }) as const;
export const NO_CONTENT = { status: 204 } as const;
const REDIRECT = { status: 302 } as const;

export const PAGE_QUERY = {
  name: "page",
  pattern: "^[1-9][0-9]{0,8}$",
  description: "The page, from 1 (the default). Anything else is a 400; a page past the last is a 404.",
};
export const PAGINATION_NOTE =
  'Paginated: unlike the short lists of this API (bare arrays), the answer is an object `{ items, page, pageCount, total }`, so the count travels with the items (and under the same ETag); a `Link` header gives `rel="prev"`/`rel="next"` when there are such pages. A page past the last is a 404 (as on the site\'s own list pages); a list with nothing in it is page 1 of 1, empty.';
