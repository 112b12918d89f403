import { z } from "zod";
import { TRASH_COLLECTIONS } from "~/models/trash.server";
import { LEGAL_DOCUMENT_KEYS } from "~/schemas/legal-document";
import {
  idNumber,
  isoTime,
  named,
  namedSchemas,
  schemaName,
  type ApiOperation,
} from "~/server/api/openapi-operations.server";
import { sessionCookieName } from "~/server/auth/session.server";
import { bodyLimitFor } from "~/server/http/body-limit.server";

/**
 * The OpenAPI 3.1 description of /api, generated: each API route module declares its operations (its
 * `openapi` export, openapi-operations.server.ts), referencing the Zod schemas it validates with and
 * answers; this builds the document from them. The tests check the operations against the route files.
 */

/** Every API route module's `openapi` export (the catch-all, which serves no operation, has none). */
const ROUTE_OPERATIONS = import.meta.glob<ApiOperation[] | undefined>(
  ["~/routes/api.*.{ts,tsx}", "!~/routes/api.$.ts"],
  { eager: true, import: "openapi" },
);

/** The operations of every route under /api, as their modules declare them. */
export function apiOperations(): ApiOperation[] {
  return Object.entries(ROUTE_OPERATIONS).flatMap(([file, operations]) => {
    if (!operations) throw new Error(`${file} declares no \`openapi\` operations`);
    return operations;
  });
}

const pendingApproval = named(
  z.object({
    message: z.string().meta({ description: "Saved. Waiting for approval" }),
    approval: z.object({
      id: idNumber.meta({ description: "The pending version: GET /api/admin/approvals/{id}" }),
      status: z.literal("pending"),
      createdAt: isoTime,
    }),
  }),
  "PendingApproval",
);

const errorBody = named(
  z.object({
    message: z.string(),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: "Messages per field, when the body failed validation." }),
  }),
  "Error",
);

/**
 * The statuses an endpoint can answer besides its success: implied by what it is (a write with a body,
 * an operator call, a path with an id) plus its own extras.
 */
export function errorStatuses(endpoint: ApiOperation): number[] {
  const statuses = new Set<number>(endpoint.also ?? []);
  const write = endpoint.method !== "get";
  if (endpoint.access === "browser") return [...statuses].sort((a, b) => a - b);
  if (write) statuses.add(403);
  if (endpoint.request) [400, 413, 415].forEach((s) => statuses.add(s));
  if (endpoint.access === "operator") statuses.add(401);
  if (endpoint.access === "operator" && write) statuses.add(429);
  if (/\{\w+\}/.test(endpoint.path)) statuses.add(404);
  if (endpoint.request && Object.hasOwn(endpoint.request.shape, "version")) statuses.add(409);
  if (endpoint.success.status === 200 && endpoint.success.cacheable) statuses.add(304);
  return [...statuses].sort((a, b) => a - b);
}

type JsonSchema = Record<string, unknown>;

/**
 * A Zod schema as JSON Schema. The form schemas preprocess their input (trim, "on" -> true, text ->
 * number), which JSON Schema cannot express, so both sides are described by the schema's output, the
 * typed values a JSON client sends and receives. For a request, a field is required only if the schema
 * refuses it missing.
 */
export function toJsonSchema(schema: z.ZodObject, request: boolean): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: "output",
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as JsonSchema;
  delete json.$schema;
  if (request) {
    const required = Object.keys(schema.shape).filter(
      (key) => !schema.shape[key]!.safeParse(undefined).success,
    );
    json.required = required;
  }
  return json;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  304: "Not modified: the If-None-Match ETag is current",
  400: "Malformed JSON, or a body that fails validation (errors per field)",
  401: "No operator session",
  403: "Cross-site request refused",
  404: "Not found",
  409: "The record changed since the given version",
  415: "Content-Type is not application/json",
  429: "Over the rate limit (see Retry-After)",
  503: "Sign-in is not configured, or the identity provider cannot be reached",
};

const ref = (schema: z.ZodObject) => ({ $ref: `#/components/schemas/${schemaName(schema)}` });
const jsonContent = (schema: unknown) => ({ "application/json": { schema } });

const PATH_PARAMETERS: Record<string, JsonSchema> = {
  id: { type: "string", pattern: "^[1-9][0-9]{0,9}$" },
  slug: { type: "string", pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$", maxLength: 100 },
  key: { type: "string", enum: [...LEGAL_DOCUMENT_KEYS] },
  version: { type: "string", pattern: "^[1-9][0-9]{0,9}$" },
  collection: { type: "string", enum: [...TRASH_COLLECTIONS] },
};

function operation(endpoint: ApiOperation) {
  const { success } = endpoint;
  const responses: Record<string, unknown> = {};
  if (success.status === 200) {
    const schema = success.oneOf
      ? { oneOf: success.oneOf.map(ref) }
      : success.schema
        ? ref(success.schema)
        : { type: "object", description: "An OpenAPI 3.1 document" };
    responses["200"] = {
      description: "OK",
      content: jsonContent(success.list ? { type: "array", items: schema } : schema),
      ...(success.cacheable
        ? {
            headers: {
              ETag: { schema: { type: "string" } },
              "Cache-Control": { schema: { type: "string" } },
            },
          }
        : {}),
    };
  } else if (success.status === 201) {
    responses["201"] = {
      description: success.description ?? "Created",
      content: jsonContent(ref(success.schema)),
      ...(success.location
        ? { headers: { Location: { schema: { type: "string" }, description: "The new resource's path" } } }
        : {}),
    };
    if (success.existing)
      responses["200"] = { description: success.existing, content: jsonContent(ref(success.schema)) };
  } else if (success.status === 202) {
    responses["202"] = { description: success.description, content: jsonContent(ref(success.schema)) };
  } else if (success.status === 204) {
    responses["204"] = { description: "Deleted" };
  } else {
    responses["302"] = { description: "Redirect", headers: { Location: { schema: { type: "string" } } } };
  }
  if (endpoint.awaitsApproval) {
    responses["202"] = {
      description:
        "A financial promotion while approval is required: the change is kept for an approver and the live record is unchanged",
      content: jsonContent(ref(pendingApproval)),
    };
  }
  for (const status of errorStatuses(endpoint)) {
    responses[String(status)] =
      status === 304
        ? { description: ERROR_DESCRIPTIONS[304] }
        : status === 413
          ? {
              description: endpoint.errorNotes?.[413] ?? `Body over ${bodyLimitFor(endpoint.path) / 1024} KB`,
              content: jsonContent(ref(errorBody)),
            }
          : {
              description: endpoint.errorNotes?.[status] ?? ERROR_DESCRIPTIONS[status] ?? "Error",
              content: jsonContent(ref(errorBody)),
            };
  }

  const parameters: unknown[] = [];
  for (const [, name] of endpoint.path.matchAll(/\{(\w+)\}/g)) {
    parameters.push({
      name,
      in: "path",
      required: true,
      schema: endpoint.pathParameters?.[name!]
        ? { type: "string", ...endpoint.pathParameters[name!] }
        : (PATH_PARAMETERS[name!] ?? { type: "string" }),
    });
  }
  for (const query of endpoint.query ?? []) {
    parameters.push({
      name: query.name,
      in: "query",
      required: false,
      description: query.description,
      schema: query.enum
        ? { type: "string", enum: [...query.enum] }
        : { type: "string", pattern: query.pattern },
    });
  }
  if (success.status === 200 && success.cacheable) {
    parameters.push({ name: "If-None-Match", in: "header", required: false, schema: { type: "string" } });
  }

  return {
    operationId: operationId(endpoint),
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [endpoint.tag],
    ...(endpoint.access === "operator" ? { security: [{ session: [] }] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.request
      ? {
          requestBody: {
            required: !endpoint.requestOptional,
            content: endpoint.multipart
              ? { "multipart/form-data": { schema: ref(endpoint.request) } }
              : jsonContent(ref(endpoint.request)),
          },
        }
      : {}),
    responses,
  };
}

function operationId(endpoint: ApiOperation): string {
  const words = endpoint.path
    .replace(/^\/api\//, "")
    .replace(/\{(\w+)\}/g, "by-$1")
    .split(/[/.-]/)
    .filter(Boolean);
  return [endpoint.method, ...words]
    .map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join("");
}

/**
 * Every named schema, described once. A schema is a request body when an operation accepts it. Two
 * schemas the operations use may share a name only when they describe the same thing (a collection's
 * record as its store and its public list each define it); one no operation uses (a schema named again
 * after the dev server reloaded its module, or Revision, described only inside RevisionPage) gives way
 * to one they use.
 */
function componentSchemas(operations: ApiOperation[]): Record<string, JsonSchema> {
  const requests = new Set(operations.flatMap((endpoint) => (endpoint.request ? [endpoint.request] : [])));
  const used = new Set<z.ZodObject>([
    errorBody,
    ...requests,
    ...operations.flatMap(({ success }) =>
      "oneOf" in success && success.oneOf
        ? success.oneOf
        : "schema" in success && success.schema
          ? [success.schema]
          : [],
    ),
  ]);
  const schemas: Record<string, { json: JsonSchema; used: boolean }> = {};
  for (const { name, schema } of namedSchemas()) {
    const json = toJsonSchema(schema, requests.has(schema));
    const known = schemas[name];
    if (known?.used && !used.has(schema)) continue;
    if (known?.used && JSON.stringify(known.json) !== JSON.stringify(json))
      throw new Error(`Two different schemas are named ${name}`);
    schemas[name] = { json, used: used.has(schema) };
  }
  return Object.fromEntries(Object.entries(schemas).map(([name, { json }]) => [name, json]));
}

export function buildOpenApiDocument(serverUrl: string) {
  const operations = apiOperations();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of operations) {
    (paths[endpoint.path] ??= {})[endpoint.method] = operation(endpoint);
  }
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Kestrel Insight API",
      version: "1.0.0",
      description:
        "The site's JSON API. Bodies are JSON (Content-Type: application/json, at most 64 KB), but for the media library's uploads (multipart/form-data); fields not listed are refused. Every error is JSON with a `message`, and `errors` per field when validation fails. Writes from another site are refused (403). Operator calls need the session cookie set by signing in at /api/login.",
    },
    servers: [{ url: serverUrl }],
    tags: [
      { name: "Content", description: "Public reads, cacheable, with ETag" },
      { name: "Contact", description: "Messages from visitors" },
      { name: "Operator", description: "Content writes by signed-in operators; each is audited" },
      { name: "Sign-in", description: "OpenID Connect sign-in and the current session" },
      { name: "Meta", description: "About the API" },
    ],
    paths,
    components: {
      schemas: componentSchemas(operations),
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: sessionCookieName() } },
    },
  };
}
