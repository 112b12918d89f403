import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCompanySettings } from "~/models/company-settings.server";
import { listContactMessages } from "~/models/contact-messages.server";
import { getHeroContent } from "~/models/hero.server";
import { listMenuItems } from "~/models/menu-items.server";
import { listProducts } from "~/models/products.server";
import { listPosts } from "~/models/posts.server";
import { listRoles } from "~/models/roles.server";
import { allRedirects, createRedirect } from "~/models/redirects.server";
import { redirectSchema } from "~/schemas/redirect";
import { TRASH_COLLECTIONS } from "~/models/trash.server";
import { getSeoSettings } from "~/models/seo-settings.server";
import { getMessageSettings } from "~/models/message-settings.server";
import {
  notificationSettingsJson,
  notificationSettingsRecord,
} from "~/server/api/notification-resources.server";
import { createMedia, listMedia } from "~/models/media.server";
import { mediaAltSchema } from "~/schemas/media";
import { mediaJson, mediaRecord } from "~/server/api/media-resources.server";
import { processUpload } from "~/server/media/image-intake.server";
import { listStatistics } from "~/models/statistics.server";
import { contactSchema, HONEYPOT_FIELD } from "~/schemas/contact";
import {
  companySettingsJson,
  companySettingsRecord,
  heroJson,
  heroRecord,
  menuItemJson,
  menuItemRecord,
  productJson,
  productRecord,
  redirectJson,
  redirectRecord,
  seoSettingsJson,
  seoSettingsRecord,
  statisticJson,
  statisticRecord,
} from "~/server/api/api-resources.server";
import { namedSchemas, schemaName, type ApiOperation } from "~/server/api/openapi-operations.server";
import { apiOperations } from "~/server/api/openapi.server";
import { invoke, operatorCookie, SITE, type CallOptions } from "../helpers/api-client";
import { apiRouteFor, pageRouteFor, pageRouteNames, paramsOf, routeNameOf } from "../helpers/route-modules";

/**
 * Property-based: random JSON, random objects and random text thrown at every write endpoint of the API
 * and at every form action, signed in and signed out. No input may produce a 5xx (or an exception, which
 * Remix turns into one), and afterwards every row of content still satisfies its schema.
 */

const RUNS = 40;
const API_STATUSES = new Set([400, 401, 403, 404, 413, 415, 429]);
/** Forms also redirect after a save (3xx) and refuse a stale version (409). */
const FORM_STATUSES = new Set([...API_STATUSES, 409]);

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ maxLength: 300 }),
);
/** Values that get past the first checks, so the fuzz reaches the models too. */
const plausible = fc.constantFrom(
  "header",
  "footer",
  "sidebar",
  "live",
  "coming_soon",
  "beta",
  "none",
  "on",
  "true",
  "false",
  "",
  "/about",
  "https://www.kestrelinsight.example/path",
  "javascript:alert(1)",
  "//evil.example",
  "ada@example.com",
  "G-ABC1234",
  "1",
  "2",
  "0",
  "-1",
  "2147483648",
  "9999999999",
  "Valid enough text",
  "x".repeat(5000),
);
/** Inputs that have broken servers before: NUL (PostgreSQL text refuses it), lone surrogates, numbers past int4. */
const nasty = fc.constantFrom(
  "\u0000",
  "a\u0000b",
  "https://x.example/\u0000",
  "/about\u0000",
  "\ud800",
  "2147483648",
  "9999999999",
  "-0",
  "1e400",
  "NaN",
  "\t\n",
  "<script>alert(1)</script>",
  "'; drop table products; --",
  "__proto__",
);
const fieldValue = fc.oneof(
  { weight: 3, arbitrary: plausible },
  { weight: 3, arbitrary: nasty },
  { weight: 2, arbitrary: text },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(plausible, nasty, text), { maxLength: 4 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const jsonText = (value: unknown) => {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
};
/** JSON an attacker might send: anything JSON can hold. */
const anyJson = fc.oneof(
  fc.jsonValue(),
  fc.object(),
  fc.anything({ maxDepth: 2 }).filter((value) => jsonText(value) !== undefined),
);

/** A body each endpoint accepts: the fuzz mutates these, so that it reaches the models and the database. */
const VALID: Partial<Record<string, Record<string, unknown>>> = {
  ContactMessage: {
    name: "Ada Lovelace",
    email: "ada@example.com",
    subject: "General Inquiry",
    message: "Tell me more, please.",
  },
  CompanySettingsInput: {
    companyName: "Kestrel Insight Ltd",
    contactEmail: "hello@kestrelinsight.example",
    footerCopyright: "© Kestrel",
  },
  SeoSettingsInput: {
    pageTitle: "Kestrel",
    metaDescription: "Investment software.",
    keywords: "fintech",
    gaTrackingId: "G-ABC1234",
    organizationName: "Kestrel Insight Ltd",
    websiteUrl: "https://www.kestrelinsight.example",
    logoUrl: "",
    contactEmail: "hello@kestrelinsight.example",
    socialUrls: ["https://x.example/kestrel"],
  },
  HeroContentInput: {
    title: "Title",
    subtitle: "Subtitle",
    primaryCtaText: "Go",
    primaryCtaUrl: "https://markets.example",
    secondaryCtaText: null,
    secondaryCtaUrl: null,
  },
  StatisticInput: { label: "Countries", value: "12", displayOrder: 3 },
  StatisticUpdate: { label: "Countries", value: "12", displayOrder: 3 },
  ProductInput: { name: "Robo", description: "Pensions.", url: "/platforms", badge: "beta", displayOrder: 4 },
  ProductUpdate: {
    name: "Robo",
    description: "Pensions.",
    url: "/platforms",
    badge: "beta",
    displayOrder: 4,
  },
  RedirectInput: { from: "/fuzz-old", to: "/about", statusCode: 301, note: "" },
  RedirectUpdate: { from: "/fuzz-old", to: "/about", statusCode: 301, note: "" },
  PostInput: {
    title: "Fuzz post",
    slug: "fuzz-post",
    summary: "S.",
    body: "B.",
    category: "news",
    status: "draft",
  },
  PostUpdate: {
    title: "Fuzz post",
    slug: "fuzz-post",
    summary: "S.",
    body: "B.",
    category: "news",
    status: "published",
  },
  RoleInput: {
    title: "Fuzz role",
    slug: "fuzz-role",
    team: "T",
    location: "London",
    employmentType: "contract",
    summary: "S.",
    body: "B.",
    status: "draft",
    publishAt: "2030-01-01T09:00:00Z",
    closesAt: "2030-02-01T09:00:00Z",
  },
  RoleUpdate: {
    title: "Fuzz role",
    slug: "fuzz-role",
    team: "T",
    location: "London",
    employmentType: "contract",
    summary: "S.",
    body: "B.",
    status: "published",
  },
  LegalDocumentInput: { body: "## Terms\n\nText.", effectiveDate: "2030-01-01", changeSummary: "Fuzz" },
  MenuItemInput: {
    menuType: "footer",
    label: "Press",
    url: "/newsroom",
    icon: null,
    displayOrder: 2,
    isActive: true,
    openInNewTab: false,
    parentId: null,
  },
  MenuItemUpdate: {
    menuType: "footer",
    label: "Press",
    url: "/newsroom",
    icon: null,
    displayOrder: 2,
    isActive: true,
    openInNewTab: false,
    parentId: null,
  },
  MediaUpdate: { alt: "Revenue by quarter" },
  NotificationSettingsInput: {
    defaultRecipients: ["ops@kestrelinsight.example"],
    routes: [{ subject: "Career Inquiry", recipients: ["hiring@kestrelinsight.example"] }],
  },
};

/** A valid body with a few fields replaced by anything, a few left out, and now and then an extra one. */
const mutationOf = (base: Record<string, unknown>) =>
  fc
    .tuple(
      fc.dictionary(fc.constantFrom(...Object.keys(base)), fieldValue, {
        minKeys: 1,
        maxKeys: Math.min(2, Object.keys(base).length),
      }),
      fc.subarray(Object.keys(base), { maxLength: Math.min(2, Object.keys(base).length) }),
      fc.option(fc.dictionary(fc.constantFrom(HONEYPOT_FIELD, "id", "colour"), fieldValue, { maxKeys: 1 }), {
        freq: 5,
      }),
    )
    .map(([replaced, dropped, extra]) => {
      const body: Record<string, unknown> = { ...base, ...replaced, ...(extra ?? {}) };
      for (const key of dropped) delete body[key];
      return body;
    });

function requestKeys(endpoint: ApiOperation): string[] {
  if (!endpoint.request) return [];
  // `version` (and a restore's `expectedVersion`) is left out: a random version is a legitimate 409, covered by the API tests.
  return Object.keys(endpoint.request.shape).filter((key) => key !== "version" && key !== "expectedVersion");
}

/** Objects with the endpoint's own fields, some left out, some extra, each holding anything. */
const fieldsOf = (keys: string[]) =>
  fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((key) => [key, fieldValue])), { requiredKeys: [] }),
      fc.option(
        fc.dictionary(
          fc.oneof(fc.constantFrom(HONEYPOT_FIELD, "id", "version", "__proto__", "constructor"), text),
          fieldValue,
          { maxKeys: 2 },
        ),
      ),
    )
    .map(([fields, extra]) => ({ ...fields, ...(extra ?? {}) }));

/** A real image, so that the upload fuzz reaches the intake's decoder with nearly valid files too. */
const SMALL_PNG = await sharp({ create: { width: 8, height: 8, channels: 4, background: "#0f766e80" } })
  .png()
  .toBuffer();
const IMAGE_STARTS = [
  "\xff\xd8\xff",
  "\x89PNG\r\n\x1a\n",
  "GIF89a",
  "RIFF\x00\x00\x00\x00WEBP",
  "\x00\x00\x00\x14ftypavif",
  "<svg",
];
/** What an upload's `file` may hold: a real image, random bytes, bytes that start as an image does, a real image with one byte changed. */
const fileBytes = fc.oneof(
  { weight: 3, arbitrary: fc.constant(SMALL_PNG) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2000 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...IMAGE_STARTS), fc.uint8Array({ maxLength: 600 }))
      .map(([start, rest]) => Buffer.concat([Buffer.from(start, "latin1"), rest])),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })).map(([at, value]) => {
      const changed = Buffer.from(SMALL_PNG);
      changed[at % changed.length] = value;
      return changed;
    }),
  },
);
const fileField = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      bytes: fileBytes,
      name: fc.oneof(fc.constantFrom("photo.jpg", "logo.svg", "x.png"), text),
      type: fc.constantFrom("image/png", "image/svg+xml", "text/html", ""),
    }),
  },
  { weight: 1, arbitrary: text },
);
/** A multipart upload: a file (or text, or nothing) under `file`, any `alt` (or none), now and then an extra field. */
const uploadForm = fc
  .tuple(
    fc.option(fileField, { nil: undefined, freq: 5 }),
    fc.option(
      fc.oneof({ weight: 3, arbitrary: fc.constant("A small teal square") }, plausible, nasty, text),
      { nil: undefined, freq: 5 },
    ),
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(undefined) },
      {
        weight: 1,
        arbitrary: fc.dictionary(fc.constantFrom("version", "id", "colour"), text, {
          minKeys: 1,
          maxKeys: 1,
        }),
      },
    ),
  )
  .map(([file, alt, extra]) => {
    const form = new FormData();
    if (typeof file === "string") form.append("file", file);
    else if (file)
      form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    if (alt !== undefined) form.append("alt", alt);
    for (const [name, value] of Object.entries(extra ?? {})) form.append(name, value);
    return form;
  });

type Body = { contentType: string | null; body: string | FormData };
const asJson = (value: unknown): Body => ({ contentType: "application/json", body: jsonText(value)! });
const bodyFor = (endpoint: ApiOperation): fc.Arbitrary<Body> =>
  fc.oneof(
    // A multipart body sets its own Content-Type, with its boundary.
    ...(endpoint.multipart
      ? [{ weight: 8, arbitrary: uploadForm.map((form): Body => ({ contentType: null, body: form })) }]
      : []),
    ...(endpoint.request && VALID[schemaName(endpoint.request)]
      ? [{ weight: 5, arbitrary: mutationOf(VALID[schemaName(endpoint.request)]!).map(asJson) }]
      : []),
    { weight: 2, arbitrary: fieldsOf(requestKeys(endpoint)).map(asJson) },
    { weight: 2, arbitrary: anyJson.map(asJson) },
    {
      weight: 1,
      arbitrary: fc.record({
        contentType: fc.constantFrom(
          "application/json",
          "application/json; charset=utf-8",
          "application/json; charset=latin1",
          "text/plain",
          "application/x-www-form-urlencoded",
          "application/merge-patch+json",
          null,
        ),
        body: text,
      }),
    },
  );

const origin = fc.constantFrom<string | undefined>(
  undefined,
  undefined,
  undefined,
  SITE,
  "https://evil.example",
);

const fuzzActor = { userId: null, email: "fuzz@kestrelinsight.example" };

let operator: string;
let ids: Record<string, string[]>;
let errorLog: typeof console.error;

beforeAll(async () => {
  operator = await operatorCookie();
  ids = {
    products: (await listProducts()).map((p) => String(p.id)),
    statistics: (await listStatistics()).map((s) => String(s.id)),
    "menu-items": (await listMenuItems()).map((m) => String(m.id)),
    posts: (await listPosts()).items.map((p) => String(p.id)),
    roles: (await listRoles()).items.map((r) => String(r.id)),
    media: await Promise.all(
      ["#1e3a8a", "#b45309"].map(async (background) => {
        const processed = await processUpload(
          await sharp({ create: { width: 64, height: 48, channels: 3, background } })
            .jpeg()
            .toBuffer(),
        );
        if (!processed.ok) throw new Error(processed.problem.message);
        return String(
          (await createMedia(processed.image, { alt: "Fuzz", fileName: "fuzz.jpg" }, fuzzActor)).record.id,
        );
      }),
    ),
    redirects: await Promise.all(
      ["/fuzz-a", "/fuzz-b"].map(async (from) => {
        const made = await createRedirect(
          { from, to: "/about", statusCode: 301, note: "", confirmShadow: false },
          fuzzActor,
        );
        if (!made.ok) throw new Error(`could not make ${from}`);
        return String(made.record.id);
      }),
    ),
  };
  // The routes log what they refuse; the run stays readable.
  errorLog = console.error;
  console.error = () => {};
});
afterAll(() => {
  console.error = errorLog;
});

/** An id for a path: an existing one, or something that is not. */
function idFor(path: string): fc.Arbitrary<string> {
  const kind = Object.keys(ids).find((key) => path.includes(`/${key}/`)) ?? "products";
  return fc.oneof(
    fc.constantFrom(...(ids[kind]!.length > 0 ? ids[kind]! : ["1"])),
    fc.stringMatching(/^\d{1,12}$/),
    text,
  );
}

/** A value for a path parameter: one that names something, or anything. */
function paramFor(name: string, path: string): fc.Arbitrary<string> {
  switch (name) {
    case "id":
      return idFor(path);
    case "key":
      return fc.oneof(fc.constantFrom("privacy", "terms", "cookies"), text);
    case "version":
      return fc.oneof(fc.constantFrom("1", "2", "3"), fc.stringMatching(/^\d{1,12}$/), text);
    case "collection":
      return fc.oneof(fc.constantFrom(...TRASH_COLLECTIONS), text);
    case "class":
      return fc.oneof(fc.constantFrom("rmmi", "cryptoasset", "mainstream"), text);
    default:
      return text;
  }
}

function statusMessage(status: number, label: string, input: unknown): string {
  const described = JSON.stringify(input, (_key, value: unknown) =>
    value instanceof FormData
      ? [...value.entries()].map(([name, entry]) => [
          name,
          typeof entry === "string" ? entry : `${entry.name} (${entry.size} bytes)`,
        ])
      : value,
  );
  return `${label} answered ${status} for ${described.slice(0, 500)}`;
}

const WRITES = apiOperations().filter(
  (endpoint) => endpoint.method !== "get" && endpoint.access !== "browser",
);

describe("fuzzing the JSON API", () => {
  it("covers every write endpoint", () => {
    // SPEC 7's writes (the contact form and the twelve operator writes), and the redirect rules'.
    expect(WRITES.map((e) => `${e.method.toUpperCase()} ${e.path}`).sort()).toEqual(
      [
        "POST /api/contact",
        "PUT /api/admin/company-settings",
        "POST /api/admin/menu-items",
        "PUT /api/admin/menu-items/{id}",
        "DELETE /api/admin/menu-items/{id}",
        "PUT /api/admin/seo-settings",
        "PUT /api/admin/hero-content",
        "POST /api/admin/statistics",
        "PUT /api/admin/statistics/{id}",
        "DELETE /api/admin/statistics/{id}",
        "POST /api/admin/products",
        "PUT /api/admin/products/{id}",
        "DELETE /api/admin/products/{id}",
        "POST /api/admin/redirects",
        "PUT /api/admin/redirects/{id}",
        "DELETE /api/admin/redirects/{id}",
        "POST /api/admin/posts",
        "PUT /api/admin/posts/{id}",
        "DELETE /api/admin/posts/{id}",
        "POST /api/admin/roles",
        "PUT /api/admin/roles/{id}",
        "DELETE /api/admin/roles/{id}",
        "PUT /api/admin/legal-documents/{key}",
        "PUT /api/admin/legal-documents/{key}/draft",
        "DELETE /api/admin/legal-documents/{key}/draft",
        "POST /api/admin/legal-documents/{key}/draft/publish",
        // Issue 16: restoring a kept version, and the trash.
        "POST /api/admin/hero-content/revisions/{version}/restore",
        "POST /api/admin/seo-settings/revisions/{version}/restore",
        "POST /api/admin/company-settings/revisions/{version}/restore",
        "POST /api/admin/products/{id}/revisions/{version}/restore",
        "POST /api/admin/statistics/{id}/revisions/{version}/restore",
        "POST /api/admin/menu-items/{id}/revisions/{version}/restore",
        "POST /api/admin/posts/{id}/revisions/{version}/restore",
        "POST /api/admin/roles/{id}/revisions/{version}/restore",
        "POST /api/admin/redirects/{id}/revisions/{version}/restore",
        "POST /api/admin/trash/{collection}/{id}/restore",
        "DELETE /api/admin/trash/{collection}/{id}",
        // Issue 17: the media library.
        "POST /api/admin/media",
        "PUT /api/admin/media/{id}",
        "DELETE /api/admin/media/{id}",
        // Issue 18: who is told of a new message.
        "PUT /api/admin/notification-settings",
        // Issue 36: operators.
        "POST /api/admin/operators",
        "PUT /api/admin/operators/{id}",
        "DELETE /api/admin/operators/{id}",
        "POST /api/admin/operators/{id}/revisions/{version}/restore",
        "DELETE /api/admin/sessions/{id}",
        // Issue 42: financial promotions.
        "POST /api/admin/approvals/{id}/approve",
        "POST /api/admin/approvals/{id}/reject",
        "POST /api/admin/promotions/{collection}/{id}/withdraw",
        "PUT /api/admin/settings/approval",
        // Issue 37: the regulatory status and the risk warnings.
        "PUT /api/admin/regulatory-status",
        "POST /api/admin/regulatory-status/revisions/{version}/restore",
        "PUT /api/admin/risk-warnings",
        "POST /api/admin/risk-warnings/revisions/{version}/restore",
        "PUT /api/admin/risk-warnings/{class}",
        // Issue 40: the waitlist.
        "POST /api/waitlist",
        "POST /api/waitlist/confirm",
        "POST /api/waitlist/unsubscribe",
        // Issue 39: consent records and the cookie register.
        "POST /api/consent",
        "PUT /api/admin/cookie-register",
        "POST /api/admin/cookie-register/revisions/{version}/restore",
        // Issue 38: the editors' Markdown preview (stores nothing).
        "POST /api/admin/markdown/preview",
      ].sort(),
    );
  });

  describe.each([
    ["signed in", true],
    ["signed out", false],
  ] as const)("%s", (_label, signedIn) => {
    it.each(
      WRITES.map((endpoint) => [`${endpoint.method.toUpperCase()} ${endpoint.path}`, endpoint] as const),
    )("%s never answers 5xx", async (label, endpoint) => {
      const route = await apiRouteFor(endpoint.path);
      // The collection of a route that serves every collection comes from the path, as Remix gives it.
      const names = paramsOf(routeNameOf(endpoint.path)).filter((name) =>
        endpoint.path.includes(`{${name}}`),
      );
      const values = fc.tuple(...names.map((name) => paramFor(name, endpoint.path)));
      // An image a fuzzed post has taken as its cover is refused deletion (409), as documented.
      const allowed = endpoint.also?.includes(409) ? new Set([...API_STATUSES, 409]) : API_STATUSES;
      await fc.assert(
        fc.asyncProperty(
          bodyFor(endpoint),
          names.length > 0 ? values : fc.constant([] as string[]),
          origin,
          async (input, paramValues, from) => {
            const headers: Record<string, string> = {};
            if (input.contentType !== null) headers["Content-Type"] = input.contentType;
            if (from) headers.Origin = from;
            const params = Object.fromEntries(names.map((name, i) => [name, paramValues[i]!]));
            const options: CallOptions = {
              method: endpoint.method.toUpperCase(),
              params,
              body: endpoint.method === "delete" ? undefined : input.body,
              headers,
              cookie: signedIn ? operator : undefined,
            };
            const { status } = await invoke(
              route,
              endpoint.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
                encodeURIComponent(params[name] ?? ""),
              ),
              options,
            );
            const ok = (status >= 200 && status < 300) || allowed.has(status);
            expect(ok, statusMessage(status, label, { input, params, from })).toBe(true);
            if (!signedIn && endpoint.access === "operator") expect([401, 403]).toContain(status);
          },
        ),
        { numRuns: RUNS },
      );
    });
  });
});

/** Every page route that takes a form post: the admin forms, the contact form, the cookie choice... */
const FORM_ROUTES = pageRouteNames;

describe("fuzzing the form actions", () => {
  const keyPool = [
    ...new Set([
      ...namedSchemas().flatMap(({ schema }) => Object.keys(schema.shape)),
      "intent",
      "version",
      "id",
      "_action",
      HONEYPOT_FIELD,
      "returnTo",
      "choice",
      "subject",
    ]),
  ];
  const formValue = fc.oneof(
    plausible,
    nasty,
    text,
    fc.constantFrom("accepted", "declined", "dismissed", "reset", "save", "delete"),
  );
  /** As a browser would post it: text, "on" for a ticked box, nothing for an unticked one, lines for a list. */
  const formText = (value: unknown): string | null => {
    if (value === null || value === undefined || value === false) return value === false ? null : "";
    if (value === true) return "on";
    if (Array.isArray(value)) return value.map((item) => formText(item) ?? "").join("\n");
    return typeof value === "object" ? (jsonText(value) ?? "") : String(value);
  };
  const formData = fc
    .tuple(
      fc.oneof(
        {
          weight: 3,
          arbitrary: fc
            .constantFrom(...Object.values(VALID).filter((v) => v !== undefined))
            .chain(mutationOf),
        },
        { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...keyPool), formValue, { maxKeys: 12 }) },
      ),
      fc.option(fc.constantFrom("meta", "analytics", "schema", "company", "delete", "")),
      fc.option(fc.oneof(fc.constantFrom("0", "1", "2", "3"), text)),
      fc.array(fc.tuple(fc.oneof(fc.constantFrom(...keyPool), text), formValue), { maxLength: 3 }),
    )
    .map(([fields, intent, version, extra]) => {
      const data = new FormData();
      for (const [key, value] of Object.entries(fields)) {
        const entry = formText(value);
        if (entry !== null) data.append(key, entry);
      }
      if (intent !== null) data.append("intent", intent);
      if (version !== null) data.append("version", version);
      for (const [key, value] of extra) data.append(key, value);
      return data;
    });

  it("finds the form actions", async () => {
    const withAction: string[] = [];
    for (const name of FORM_ROUTES) if ((await pageRouteFor(name)).action) withAction.push(name);
    // Every form of the site is here: a route that lost its action (or a glob that found nothing) fails.
    expect(withAction).toEqual(
      expect.arrayContaining([
        "_site.contact",
        "consent",
        "admin.hero",
        "admin.seo",
        "admin.stats.new",
        "admin.stats.$id.edit",
        "admin.stats.$id.delete",
        "admin.products.new",
        "admin.products.$id.edit",
        "admin.products.$id.delete",
        "admin.menus.new",
        "admin.menus.$id.edit",
        "admin.menus.$id.delete",
        "admin.messages.$id",
        "admin.redirects",
        "admin.redirects.new",
        "admin.redirects.$id.edit",
        "admin.redirects.$id.delete",
        "admin.redirects.import",
        "admin.trash",
        "admin.trash.$collection.$id.delete",
      ]),
    );
    console.info(`form actions fuzzed: ${withAction.join(", ")}`);
  });

  it.each(FORM_ROUTES)("%s: its action (if any) never fails, signed in", async (name) => {
    const route = await pageRouteFor(name);
    if (!route.action) return;
    const params = paramsOf(name);
    const paramValues = fc.tuple(
      ...params.map(() => fc.oneof(fc.constantFrom(...Object.values(ids).flat()), text)),
    );
    await fc.assert(
      fc.asyncProperty(
        formData,
        params.length > 0 ? paramValues : fc.constant([] as string[]),
        async (data, values) => {
          const path = `/${name
            .replace(/^_site\.?/, "")
            .replace(/\$(\w+)/g, (_m, param: string) =>
              encodeURIComponent(values[params.indexOf(param)] ?? ""),
            )
            .split(".")
            .join("/")}`;
          const { status } = await invoke(route, path, {
            method: "POST",
            body: data,
            cookie: operator,
            params: Object.fromEntries(params.map((param, i) => [param, values[i]!])),
          });
          const ok = (status >= 200 && status < 400) || FORM_STATUSES.has(status);
          expect(ok, statusMessage(status, name, [...data.entries()])).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe("after the fuzzing", () => {
  it("every content row still satisfies its schema", async () => {
    const problems: string[] = [];
    const check = (
      what: string,
      schema: {
        safeParse(value: unknown): {
          success: boolean;
          error?: { issues: { path: PropertyKey[]; message: string }[] };
        };
      },
      value: unknown,
    ) => {
      const result = schema.safeParse(value);
      if (!result.success)
        problems.push(
          `${what}: ${JSON.stringify(result.error!.issues.map((i) => [i.path.join("."), i.message]))} in ${JSON.stringify(value).slice(0, 300)}`,
        );
    };
    for (const row of await listProducts()) check(`product ${row.id}`, productRecord, productJson(row));
    for (const row of await listStatistics())
      check(`statistic ${row.id}`, statisticRecord, statisticJson(row));
    for (const row of await listMenuItems()) check(`menu item ${row.id}`, menuItemRecord, menuItemJson(row));
    for (const row of await allRedirects()) {
      check(`redirect ${row.id}`, redirectRecord, redirectJson(row));
      // What the site answers from must be what the form would accept.
      check(`redirect ${row.id} as a rule`, redirectSchema, { ...row, confirmShadow: true });
    }
    for (const item of (await listMedia(1, 10_000)).items) {
      check(`image ${item.id}`, mediaRecord, mediaJson(item));
      check(`image ${item.id}'s alt text`, mediaAltSchema, { alt: item.alt });
    }
    check("hero", heroRecord, heroJson(await getHeroContent()));
    check("company settings", companySettingsRecord, companySettingsJson(await getCompanySettings()));
    check("SEO settings", seoSettingsRecord, seoSettingsJson(await getSeoSettings()));
    check(
      "notification settings",
      notificationSettingsRecord,
      notificationSettingsJson(await getMessageSettings()),
    );
    for (const row of await listContactMessages()) {
      check(`contact message ${row.id}`, contactSchema, {
        name: row.name,
        email: row.email,
        subject: row.subject,
        message: row.message,
      });
    }
    expect(problems).toEqual([]);

    // Menu items' parents are items of the same menu.
    const items = await listMenuItems();
    for (const item of items) {
      if (item.parentId === null) continue;
      const parent = items.find((other) => other.id === item.parentId);
      expect(parent?.menuType, `menu item ${item.id}'s parent`).toBe(item.menuType);
    }
  });
});
