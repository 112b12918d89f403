import { z } from "zod";
import { MENU_TYPES } from "~/schemas/menu-item";
import { bodyLimitFor, MEDIA_UPLOAD_LIMIT } from "~/server/http/body-limit.server";
import {
  companySettingsRecord,
  companySettingsRequest,
  contactRequest,
  heroRecord,
  heroRequest,
  menuItemRecord,
  menuItemRequest,
  menuItemUpdateRequest,
  messageBody,
  productRecord,
  productRequest,
  productUpdateRequest,
  redirectRecord,
  redirectRequest,
  redirectUpdateRequest,
  seoSettingsRecord,
  seoSettingsRequest,
  statisticRecord,
  statisticRequest,
  statisticUpdateRequest,
} from "~/server/api/api-resources.server";
import {
  legalDocumentAdmin,
  legalDocumentRecord,
  legalDocumentRequest,
  legalVersionRecord,
  legalVersionSummary,
  postAdminPage,
  postAdminRecord,
  postPage,
  postRecord,
  postRequest,
  postUpdateRequest,
  roleAdminPage,
  roleAdminRecord,
  roleRecord,
  roleRequest,
  roleUpdateRequest,
} from "~/server/api/publishing-resources.server";
import {
  revisionPage,
  revisionRecord,
  revisionRestoreRequest,
  trashEntryRecord,
} from "~/server/api/history-resources.server";
import {
  mediaAltRequest,
  mediaPage,
  mediaRecord,
  mediaUploadRequest,
} from "~/server/api/media-resources.server";
import {
  notificationSettingsRecord,
  notificationSettingsRequest,
} from "~/server/api/notification-resources.server";
import { TRASH_COLLECTIONS } from "~/models/trash.server";
import { TRASHABLE_COLLECTIONS, VERSIONED_COLLECTIONS } from "~/collections";
import { POST_CATEGORIES } from "~/schemas/post";
import { LEGAL_DOCUMENT_KEYS } from "~/schemas/legal-document";
import { sessionCookieName } from "~/server/auth/session.server";

/**
 * The OpenAPI 3.1 description of /api, generated from the Zod schemas the routes validate with. The
 * table below is the one list of endpoints: the document is built from it, and the tests check it
 * against the route files that exist.
 */

const errorBody = z.object({
  message: z.string(),
  errors: z
    .record(z.string(), z.array(z.string()))
    .optional()
    .meta({ description: "Messages per field, when the body failed validation." }),
});

const currentUser = z.object({ id: z.number().int(), email: z.email(), firstName: z.string().nullable() });

/** Every named schema; `request` ones describe what is accepted, the others what is answered. */
export const API_SCHEMAS = {
  ContactMessage: { schema: contactRequest, request: true },
  CompanySettings: { schema: companySettingsRecord, request: false },
  CompanySettingsInput: { schema: companySettingsRequest, request: true },
  SeoSettings: { schema: seoSettingsRecord, request: false },
  SeoSettingsInput: { schema: seoSettingsRequest, request: true },
  HeroContent: { schema: heroRecord, request: false },
  HeroContentInput: { schema: heroRequest, request: true },
  Statistic: { schema: statisticRecord, request: false },
  StatisticInput: { schema: statisticRequest, request: true },
  StatisticUpdate: { schema: statisticUpdateRequest, request: true },
  Product: { schema: productRecord, request: false },
  ProductInput: { schema: productRequest, request: true },
  ProductUpdate: { schema: productUpdateRequest, request: true },
  MenuItem: { schema: menuItemRecord, request: false },
  MenuItemInput: { schema: menuItemRequest, request: true },
  MenuItemUpdate: { schema: menuItemUpdateRequest, request: true },
  Redirect: { schema: redirectRecord, request: false },
  RedirectInput: { schema: redirectRequest, request: true },
  RedirectUpdate: { schema: redirectUpdateRequest, request: true },
  Post: { schema: postRecord, request: false },
  PostPage: { schema: postPage, request: false },
  PostAdmin: { schema: postAdminRecord, request: false },
  PostAdminPage: { schema: postAdminPage, request: false },
  PostInput: { schema: postRequest, request: true },
  PostUpdate: { schema: postUpdateRequest, request: true },
  Role: { schema: roleRecord, request: false },
  RoleAdmin: { schema: roleAdminRecord, request: false },
  RoleAdminPage: { schema: roleAdminPage, request: false },
  RoleInput: { schema: roleRequest, request: true },
  RoleUpdate: { schema: roleUpdateRequest, request: true },
  LegalDocument: { schema: legalDocumentRecord, request: false },
  LegalDocumentVersionSummary: { schema: legalVersionSummary, request: false },
  LegalDocumentVersion: { schema: legalVersionRecord, request: false },
  LegalDocumentAdmin: { schema: legalDocumentAdmin, request: false },
  LegalDocumentInput: { schema: legalDocumentRequest, request: true },
  Revision: { schema: revisionRecord, request: false },
  RevisionPage: { schema: revisionPage, request: false },
  RevisionRestoreInput: { schema: revisionRestoreRequest, request: true },
  TrashEntry: { schema: trashEntryRecord, request: false },
  Media: { schema: mediaRecord, request: false },
  MediaPage: { schema: mediaPage, request: false },
  MediaUploadInput: { schema: mediaUploadRequest, request: true },
  MediaUpdate: { schema: mediaAltRequest, request: true },
  NotificationSettings: { schema: notificationSettingsRecord, request: false },
  NotificationSettingsInput: { schema: notificationSettingsRequest, request: true },
  CurrentUser: { schema: currentUser, request: false },
  Message: { schema: messageBody, request: false },
  Error: { schema: errorBody, request: false },
} satisfies Record<string, { schema: z.ZodObject; request: boolean }>;

export type SchemaName = keyof typeof API_SCHEMAS;

/** A schema a collection's definition names (app/collections): one of API_SCHEMAS, or the document cannot be built. */
function schemaNamed(name: string): SchemaName {
  if (!(name in API_SCHEMAS)) throw new Error(`No API schema named ${name}`);
  return name as SchemaName;
}
export type HttpMethod = "get" | "post" | "put" | "delete";

export interface ApiEndpoint {
  method: HttpMethod;
  /** OpenAPI form: /api/admin/products/{id}. */
  path: string;
  summary: string;
  /** Longer notes: choices a client needs to know (pagination, what a status means here). */
  description?: string;
  tag: "Content" | "Contact" | "Operator" | "Sign-in" | "Meta";
  /** public: anyone; operator: a signed-in operator's session; browser: a navigation answered with a redirect. */
  access: "public" | "operator" | "browser";
  request?: SchemaName;
  /** The request body is multipart/form-data (a file upload), not JSON. */
  multipart?: boolean;
  /** The body may be left out altogether (the request schema's fields are all optional). */
  requestOptional?: boolean;
  success:
    | { status: 200; schema?: SchemaName; list?: boolean; cacheable?: boolean; oneOf?: SchemaName[] }
    | {
        status: 201;
        schema: SchemaName;
        location?: boolean;
        description?: string;
        /** When the answer is 200 instead, with the same schema: what already existed. */
        existing?: string;
      }
    | { status: 204 }
    | { status: 302 };
  /** Extra error statuses beyond those implied by access, body and path. */
  also?: number[];
  /** What a status means here, where it means more than the usual (ERROR_DESCRIPTIONS). */
  errorNotes?: Partial<Record<number, string>>;
  /** Query parameters: one of `enum`, or text matching `pattern`. */
  query?: { name: string; enum?: readonly string[]; pattern?: string; description: string }[];
}

const read = (path: string, summary: string, schema: SchemaName, list = false): ApiEndpoint => ({
  method: "get",
  path,
  summary,
  tag: "Content",
  access: "public",
  success: { status: 200, schema, list, cacheable: true },
});

const PAGE_QUERY = {
  name: "page",
  pattern: "^[1-9][0-9]{0,8}$",
  description: "The page, from 1 (the default). Anything else is a 400; a page past the last is a 404.",
};
const PAGINATION_NOTE =
  'Paginated: unlike the short lists of this API (bare arrays), the answer is an object `{ items, page, pageCount, total }`, so the count travels with the items (and under the same ETag); a `Link` header gives `rel="prev"`/`rel="next"` when there are such pages. A page past the last is a 404 (as on the site\'s own list pages); a list with nothing in it is page 1 of 1, empty.';
const operator = (
  method: HttpMethod,
  path: string,
  summary: string,
  success: ApiEndpoint["success"],
  extra: Partial<ApiEndpoint> = {},
): ApiEndpoint => ({ method, path, summary, tag: "Operator", access: "operator", success, ...extra });

/** News posts, open roles and legal documents (issue 15). */
const PUBLISHING_ENDPOINTS: ApiEndpoint[] = [
  {
    ...read("/api/posts", "Published news posts, newest first, 10 a page", "PostPage"),
    description: PAGINATION_NOTE,
    query: [PAGE_QUERY],
    also: [400, 404],
  },
  {
    ...read("/api/posts/{slug}", "A published news post", "Post"),
    description: "A draft, a scheduled post and an unknown slug are all 404.",
  },
  {
    ...read("/api/roles", "Open roles (published, not closed), newest first", "Role", true),
    description:
      "A short list, so a bare array like the other lists; a role leaves it by itself at its closesAt.",
  },
  {
    ...read("/api/roles/{slug}", "An open role", "Role"),
    description: "A draft, scheduled or closed role and an unknown slug are all 404.",
  },
  {
    ...read("/api/legal-documents/{key}", "The version of a legal document in effect today", "LegalDocument"),
    description: "The newest version whose effective date (London) has come. An unknown key is a 404.",
  },
  {
    ...read(
      "/api/legal-documents/{key}/versions",
      "The versions of a legal document in effect, newest first",
      "LegalDocumentVersionSummary",
      true,
    ),
    description: "A version whose effective date has not come is not listed until it has.",
  },
  operator(
    "get",
    "/api/admin/posts",
    "Every post, any status, most recently changed first, 25 a page",
    {
      status: 200,
      schema: "PostAdminPage",
    },
    {
      description: PAGINATION_NOTE,
      query: [
        PAGE_QUERY,
        {
          name: "state",
          enum: ["draft", "scheduled", "published"],
          description: "Only posts in this state.",
        },
        { name: "category", enum: POST_CATEGORIES, description: "Only posts of this category." },
      ],
      also: [400, 404],
    },
  ),
  operator(
    "post",
    "/api/admin/posts",
    "Create a post (a draft, published now, or scheduled by publishAt)",
    {
      status: 201,
      schema: "PostAdmin",
      location: true,
    },
    { request: "PostInput" },
  ),
  operator("get", "/api/admin/posts/{id}", "A post, any status", { status: 200, schema: "PostAdmin" }),
  operator(
    "put",
    "/api/admin/posts/{id}",
    "Update a post (a new slug of a published post redirects the old address, 301)",
    {
      status: 200,
      schema: "PostAdmin",
    },
    { request: "PostUpdate" },
  ),
  operator("delete", "/api/admin/posts/{id}", "Delete a post", { status: 204 }),
  operator(
    "get",
    "/api/admin/roles",
    "Every role, any status, in display order, 25 a page",
    {
      status: 200,
      schema: "RoleAdminPage",
    },
    {
      description: PAGINATION_NOTE,
      query: [
        PAGE_QUERY,
        {
          name: "state",
          enum: ["draft", "scheduled", "published", "closed"],
          description: "Only roles in this state.",
        },
      ],
      also: [400, 404],
    },
  ),
  operator(
    "post",
    "/api/admin/roles",
    "Create a role",
    { status: 201, schema: "RoleAdmin", location: true },
    {
      request: "RoleInput",
    },
  ),
  operator("get", "/api/admin/roles/{id}", "A role, any status", { status: 200, schema: "RoleAdmin" }),
  operator(
    "put",
    "/api/admin/roles/{id}",
    "Update a role",
    { status: 200, schema: "RoleAdmin" },
    {
      request: "RoleUpdate",
    },
  ),
  operator("delete", "/api/admin/roles/{id}", "Delete a role", { status: 204 }),
  operator(
    "get",
    "/api/admin/legal-documents/{key}",
    "A legal document with every version, future ones included",
    {
      status: 200,
      schema: "LegalDocumentAdmin",
    },
  ),
  operator(
    "put",
    "/api/admin/legal-documents/{key}",
    "Publish a new version of a legal document",
    {
      status: 201,
      schema: "LegalDocumentVersion",
      description: "Created: the new version (each PUT adds one; earlier versions are never changed)",
    },
    {
      request: "LegalDocumentInput",
      description:
        "Every change is a new version (n + 1) with its effective date and change summary, so the answer is 201 with that version, not 200: a PUT here is not idempotent, and a repeated one adds another version. Visitors read it from its effective date.",
    },
  ),
];

/** The records whose versions are kept and are in the API (app/collections), by their own path, and what they are answered as. */
const HISTORY_RECORDS = VERSIONED_COLLECTIONS.flatMap(({ name, single, history }) =>
  history.api
    ? [
        {
          path: single ? `/api/admin/${name}` : `/api/admin/${name}/{id}`,
          noun: history.api.noun,
          schema: schemaNamed(history.api.schema),
        },
      ]
    : [],
);
const INVALID_RESTORE =
  "Its kept values are no longer valid (a slug or `from` another record now has, a menu item's parent that is gone): the API's answer for an invalid write, `errors` per field";

/** The media library (issue 17). */
const MEDIA_ENDPOINTS: ApiEndpoint[] = [
  operator(
    "get",
    "/api/admin/media",
    "The media library, newest upload first, 24 a page",
    { status: 200, schema: "MediaPage" },
    {
      description: PAGINATION_NOTE,
      query: [PAGE_QUERY],
      also: [400, 404],
    },
  ),
  operator(
    "post",
    "/api/admin/media",
    "Upload an image",
    {
      status: 201,
      schema: "Media",
      location: true,
      existing: "The same file is already in the library: that image, as it is (its alt text unchanged)",
    },
    {
      request: "MediaUploadInput",
      multipart: true,
      description:
        "A multipart/form-data body with `file` and `alt`, the one body of this API that is not JSON. The image is decoded and encoded again (its orientation applied, every byte of metadata left behind: EXIF, GPS, XMP) and stored 480, 960 and 1600 pixels wide, never wider than it is, in AVIF, WebP and JPEG (PNG when it has transparency). Its type is read from its bytes: a file's name and declared type are never trusted.",
      errorNotes: {
        400: '`alt` missing ("Alt text is required") or no file ("Choose an image to upload"); a file that cannot be read as the image it claims to be; over 40 megapixels (refused from its header, before it is decoded). `errors` per field',
        413: `The file is over 10 MB, or the body is over ${MEDIA_UPLOAD_LIMIT / 1024} KB (refused before it is read whole); signed out, any body over 64 KB`,
        415: "Content-Type is not multipart/form-data, or the file is not a JPEG, PNG, WebP, AVIF or GIF (SVG, HTML and anything else)",
      },
    },
  ),
  operator("get", "/api/admin/media/{id}", "An image in the library, with where it is used", {
    status: 200,
    schema: "Media",
  }),
  operator(
    "put",
    "/api/admin/media/{id}",
    "Change an image's alt text",
    { status: 200, schema: "Media" },
    {
      request: "MediaUpdate",
      description:
        "The new alt text is shown wherever the image is used. With `version`, a change made since is not overwritten (409).",
    },
  ),
  operator(
    "delete",
    "/api/admin/media/{id}",
    "Delete an image and its variants",
    { status: 204 },
    {
      description:
        "Its addresses answer 404 from then on. Refused while anything uses it: a post's cover, the default sharing image, the organisation logo.",
      also: [409],
      errorNotes: {
        409: "The image is in use: the message names every place, to choose another image there first",
      },
    },
  ),
];

/** Who is told of a new message (issue 18). */
const NOTIFICATION_ENDPOINTS: ApiEndpoint[] = [
  operator("get", "/api/admin/notification-settings", "Who is e-mailed about a new message", {
    status: 200,
    schema: "NotificationSettings",
  }),
  operator(
    "put",
    "/api/admin/notification-settings",
    "Change who is e-mailed about a new message",
    { status: 200, schema: "NotificationSettings" },
    {
      request: "NotificationSettingsInput",
      description:
        "Replaces the routing: `defaultRecipients` (at least one address) are told of every message whose subject has no recipients of its own; `routes` gives a preset subject its own recipients (a subject left out, or with none, goes to the defaults). Addresses are lowercased and each kept once. With `version`, a change made since is not overwritten (409).",
    },
  ),
];

/** Revisions, restore, and the trash (issue 16). */
const HISTORY_ENDPOINTS: ApiEndpoint[] = [
  ...HISTORY_RECORDS.flatMap(({ path, noun, schema }): ApiEndpoint[] => [
    operator(
      "get",
      `${path}/revisions`,
      `The versions of ${noun}, newest first, 25 a page`,
      { status: 200, schema: "RevisionPage" },
      {
        description: `Every committed write keeps a version: its number, the operator, the time, the fields it changed and the values after it. A record in the trash has no versions here until it is restored. ${PAGINATION_NOTE}`,
        query: [PAGE_QUERY],
        also: [400, 404],
      },
    ),
    operator(
      "post",
      `${path}/revisions/{version}/restore`,
      `Restore a version of ${noun}`,
      { status: 200, schema },
      {
        request: "RevisionRestoreInput",
        requestOptional: true,
        description:
          "Writes that version's values as a new version (audited, so it can be undone in turn) and answers the record as its own endpoints do. The body is optional: with `expectedVersion`, a record that has changed since is not overwritten (409).",
        also: [409],
        errorNotes: {
          400: `Malformed JSON or an invalid body; or: ${INVALID_RESTORE}`,
          404: "No such record, or no such version of it",
        },
      },
    ),
  ]),
  operator(
    "get",
    "/api/admin/trash",
    "What is in the trash, most recently deleted first",
    { status: 200, schema: "TrashEntry", list: true },
    {
      description:
        "Deleted products, statistics, menu items (with the items under them), posts, roles and redirect rules wait here for 30 days, then go for good with their versions. A short list, so a bare array like the other lists.",
    },
  ),
  operator(
    "post",
    "/api/admin/trash/{collection}/{id}/restore",
    "Put a deleted record back, with its id and values",
    {
      status: 200,
      oneOf: TRASHABLE_COLLECTIONS.map((collection) => schemaNamed(collection.history.api.schema)),
    },
    {
      description:
        "Answers the record as its own endpoints do (a post as `PostAdmin`, a role as `RoleAdmin`); a menu item comes back with the items that were deleted with it. Refused, and left in the trash, when it would no longer be valid.",
      also: [400],
      errorNotes: { 400: INVALID_RESTORE, 404: "Not in the trash" },
    },
  ),
  operator(
    "delete",
    "/api/admin/trash/{collection}/{id}",
    "Delete a record in the trash permanently, with its versions",
    { status: 204 },
    {
      errorNotes: { 404: "Not in the trash" },
    },
  ),
];

export const API_ENDPOINTS: ApiEndpoint[] = [
  read("/api/company-settings", "Company settings", "CompanySettings"),
  {
    ...read(
      "/api/menu-items",
      "Menu items in display order: the active ones, or all of them with an operator's session",
      "MenuItem",
      true,
    ),
    query: [{ name: "menuType", enum: MENU_TYPES, description: "Only this menu's items." }],
    also: [400],
  },
  read("/api/seo-settings", "SEO and analytics settings", "SeoSettings"),
  read("/api/hero-content", "The home page's hero", "HeroContent"),
  read("/api/statistics", "Statistics in display order", "Statistic", true),
  read("/api/products", "Products in display order", "Product", true),
  {
    method: "post",
    path: "/api/contact",
    summary: "Send a contact message (stored before the answer)",
    tag: "Contact",
    access: "public",
    request: "ContactMessage",
    success: { status: 201, schema: "Message" },
    also: [429],
  },
  {
    method: "put",
    path: "/api/admin/company-settings",
    summary: "Update company settings",
    tag: "Operator",
    access: "operator",
    request: "CompanySettingsInput",
    success: { status: 200, schema: "CompanySettings" },
  },
  {
    method: "post",
    path: "/api/admin/menu-items",
    summary: "Create a menu item",
    tag: "Operator",
    access: "operator",
    request: "MenuItemInput",
    success: { status: 201, schema: "MenuItem", location: true },
  },
  {
    method: "put",
    path: "/api/admin/menu-items/{id}",
    summary: "Update a menu item",
    tag: "Operator",
    access: "operator",
    request: "MenuItemUpdate",
    success: { status: 200, schema: "MenuItem" },
  },
  {
    method: "delete",
    path: "/api/admin/menu-items/{id}",
    summary: "Delete a menu item",
    tag: "Operator",
    access: "operator",
    success: { status: 204 },
  },
  {
    method: "put",
    path: "/api/admin/seo-settings",
    summary: "Update SEO and analytics settings",
    tag: "Operator",
    access: "operator",
    request: "SeoSettingsInput",
    success: { status: 200, schema: "SeoSettings" },
  },
  {
    method: "put",
    path: "/api/admin/hero-content",
    summary: "Update the hero",
    tag: "Operator",
    access: "operator",
    request: "HeroContentInput",
    success: { status: 200, schema: "HeroContent" },
  },
  {
    method: "post",
    path: "/api/admin/statistics",
    summary: "Create a statistic",
    tag: "Operator",
    access: "operator",
    request: "StatisticInput",
    success: { status: 201, schema: "Statistic", location: true },
  },
  {
    method: "put",
    path: "/api/admin/statistics/{id}",
    summary: "Update a statistic",
    tag: "Operator",
    access: "operator",
    request: "StatisticUpdate",
    success: { status: 200, schema: "Statistic" },
  },
  {
    method: "delete",
    path: "/api/admin/statistics/{id}",
    summary: "Delete a statistic",
    tag: "Operator",
    access: "operator",
    success: { status: 204 },
  },
  {
    method: "post",
    path: "/api/admin/products",
    summary: "Create a product",
    tag: "Operator",
    access: "operator",
    request: "ProductInput",
    success: { status: 201, schema: "Product", location: true },
  },
  {
    method: "put",
    path: "/api/admin/products/{id}",
    summary: "Update a product",
    tag: "Operator",
    access: "operator",
    request: "ProductUpdate",
    success: { status: 200, schema: "Product" },
  },
  {
    method: "delete",
    path: "/api/admin/products/{id}",
    summary: "Delete a product",
    tag: "Operator",
    access: "operator",
    success: { status: 204 },
  },
  {
    method: "get",
    path: "/api/admin/redirects",
    summary: "Every redirect rule, by from",
    tag: "Operator",
    access: "operator",
    success: { status: 200, schema: "Redirect", list: true },
  },
  {
    method: "post",
    path: "/api/admin/redirects",
    summary: "Create a redirect rule (or a 410 for a removed page)",
    tag: "Operator",
    access: "operator",
    request: "RedirectInput",
    success: { status: 201, schema: "Redirect", location: true },
  },
  {
    method: "put",
    path: "/api/admin/redirects/{id}",
    summary: "Update a redirect rule",
    tag: "Operator",
    access: "operator",
    request: "RedirectUpdate",
    success: { status: 200, schema: "Redirect" },
  },
  {
    method: "delete",
    path: "/api/admin/redirects/{id}",
    summary: "Delete a redirect rule",
    tag: "Operator",
    access: "operator",
    success: { status: 204 },
  },
  ...PUBLISHING_ENDPOINTS,
  ...HISTORY_ENDPOINTS,
  ...MEDIA_ENDPOINTS,
  ...NOTIFICATION_ENDPOINTS,
  {
    method: "get",
    path: "/api/auth/user",
    summary: "The signed-in operator",
    tag: "Sign-in",
    access: "operator",
    success: { status: 200, schema: "CurrentUser" },
  },
  {
    method: "get",
    path: "/api/login",
    summary: "Start signing in (a browser navigation; ?returnTo= a path on this site)",
    tag: "Sign-in",
    access: "browser",
    success: { status: 302 },
    also: [429, 503],
  },
  {
    method: "get",
    path: "/api/auth/callback",
    summary: "Where the identity provider returns to",
    tag: "Sign-in",
    access: "browser",
    success: { status: 302 },
    also: [400, 403, 503],
  },
  {
    method: "post",
    path: "/api/logout",
    summary: "Sign out (a form's navigation; a GET signs no one out)",
    tag: "Sign-in",
    access: "browser",
    success: { status: 302 },
  },
  {
    method: "get",
    path: "/api/openapi.json",
    summary: "This description",
    tag: "Meta",
    access: "public",
    success: { status: 200, cacheable: true },
  },
];

/**
 * The statuses an endpoint can answer besides its success: implied by what it is (a write with a body,
 * an operator call, a path with an id) plus its own extras.
 */
export function errorStatuses(endpoint: ApiEndpoint): number[] {
  const statuses = new Set<number>(endpoint.also ?? []);
  const write = endpoint.method !== "get";
  if (endpoint.access === "browser") return [...statuses].sort((a, b) => a - b);
  if (write) statuses.add(403);
  if (endpoint.request) [400, 413, 415].forEach((s) => statuses.add(s));
  if (endpoint.access === "operator") statuses.add(401);
  if (endpoint.access === "operator" && write) statuses.add(429);
  if (/\{\w+\}/.test(endpoint.path)) statuses.add(404);
  if (endpoint.request && Object.hasOwn(API_SCHEMAS[endpoint.request].schema.shape, "version"))
    statuses.add(409);
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

const ref = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });
const jsonContent = (schema: unknown) => ({ "application/json": { schema } });

const PATH_PARAMETERS: Record<string, JsonSchema> = {
  id: { type: "string", pattern: "^[1-9][0-9]{0,9}$" },
  slug: { type: "string", pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$", maxLength: 100 },
  key: { type: "string", enum: [...LEGAL_DOCUMENT_KEYS] },
  version: { type: "string", pattern: "^[1-9][0-9]{0,9}$" },
  collection: { type: "string", enum: [...TRASH_COLLECTIONS] },
};

function operation(endpoint: ApiEndpoint) {
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
  } else if (success.status === 204) {
    responses["204"] = { description: "Deleted" };
  } else {
    responses["302"] = { description: "Redirect", headers: { Location: { schema: { type: "string" } } } };
  }
  for (const status of errorStatuses(endpoint)) {
    responses[String(status)] =
      status === 304
        ? { description: ERROR_DESCRIPTIONS[304] }
        : status === 413
          ? {
              description: endpoint.errorNotes?.[413] ?? `Body over ${bodyLimitFor(endpoint.path) / 1024} KB`,
              content: jsonContent(ref("Error")),
            }
          : {
              description: endpoint.errorNotes?.[status] ?? ERROR_DESCRIPTIONS[status] ?? "Error",
              content: jsonContent(ref("Error")),
            };
  }

  const parameters: unknown[] = [];
  for (const [, name] of endpoint.path.matchAll(/\{(\w+)\}/g)) {
    parameters.push({
      name,
      in: "path",
      required: true,
      schema: PATH_PARAMETERS[name!] ?? { type: "string" },
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

function operationId(endpoint: ApiEndpoint): string {
  const words = endpoint.path
    .replace(/^\/api\//, "")
    .replace(/\{(\w+)\}/g, "by-$1")
    .split(/[/.-]/)
    .filter(Boolean);
  return [endpoint.method, ...words]
    .map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join("");
}

export function buildOpenApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of API_ENDPOINTS) {
    (paths[endpoint.path] ??= {})[endpoint.method] = operation(endpoint);
  }
  const schemas = Object.fromEntries(
    Object.entries(API_SCHEMAS).map(([name, { schema, request }]) => [name, toJsonSchema(schema, request)]),
  );
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
      schemas,
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: sessionCookieName() } },
    },
  };
}
