import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { readCompanySettings, updateCompanySettings } from "~/models/company-settings.server";
import { readCookieRegister, updateCookieRegister } from "~/models/cookie-register.server";
import { recordConsent } from "~/models/consent-records.server";
import { readHeroContent, updateHeroContent } from "~/models/hero.server";
import { readRegulatoryStatus, updateRegulatoryStatus } from "~/models/regulatory-status.server";
import { readRiskWarnings, updateRiskWarnings } from "~/models/risk-warnings.server";
import { createMenuItem } from "~/models/menu-items.server";
import { createOperator } from "~/models/operators.server";
import { saveLegalDraft } from "~/models/legal-documents.server";
import { listRevisions } from "~/models/revisions.server";
import { updateSeoSettings } from "~/models/seo-settings.server";
import { deleteProduct } from "~/models/products.server";
import { subjectByApiName } from "~/server/history/history-subjects.server";
import { createPost, livePostIndex } from "~/models/posts.server";
import { createRole, liveRoles } from "~/models/roles.server";
import { createProduct } from "~/models/products.server";
import { createRedirect } from "~/models/redirects.server";
import { createStatistic } from "~/models/statistics.server";
import { createMedia } from "~/models/media.server";
import { submitPromotionVersion } from "~/models/promotions.server";
import { processUpload } from "~/server/media/image-intake.server";
import * as openApiRoute from "~/routes/api.openapi[.]json";
import type { ApiOperation } from "~/server/api/openapi-operations.server";
import { apiOperations, errorStatuses } from "~/server/api/openapi.server";
import { getSessionUser } from "~/server/auth/session.server";
import { buildRequest, call, invoke, jsonOf, operatorCookie } from "../helpers/api-client";
import { apiRouteFor, apiRouteModules, paramsOf, routeNameOf } from "../helpers/route-modules";

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { operationId: string; responses: Record<string, unknown>; requestBody?: unknown }>
  >;
  components: { schemas: Record<string, JsonSchema> };
}
interface JsonSchema {
  type?: string;
  enum?: string[];
  required?: string[];
  properties?: Record<string, JsonSchema & { default?: unknown; anyOf?: JsonSchema[]; enum?: string[] }>;
  additionalProperties?: boolean;
}

const actor = { userId: null, email: "seed@kestrelinsight.example" };
const API_ENDPOINTS = apiOperations();
const label = (endpoint: ApiOperation) => `${endpoint.method.toUpperCase()} ${endpoint.path}`;

/** A record that exists, for the {id} paths. */
async function existingId(path: string): Promise<string> {
  if (path.includes("/sessions/")) {
    // Another operator's session: the document's operator (an admin) may end it.
    const email = `doc-${Math.random().toString(36).slice(2, 8)}@ops.kestrelinsight.example`;
    const cookie = await operatorCookie(email, "editor");
    const user = await getSessionUser(buildRequest("/admin", { cookie }));
    if (!user) throw new Error("could not start a session");
    return user.sessionId;
  }
  if (path.includes("/approvals/")) {
    // A change to a financial promotion waiting for approval, made by someone other than the document's operator.
    const { version: _version, ...hero } = await readHeroContent();
    const pending = await submitPromotionVersion(
      { collection: "hero-content", recordId: null, baseVersion: null, values: { ...hero, title: "Doc" }, label: "Hero Section" },
      { userId: null, email: "doc-author@kestrelinsight.example" },
    );
    return String(pending.id);
  }
  if (path.includes("/media/")) {
    const image = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#0f766e" } })
      .withExif({ IFD0: { ImageDescription: `${path} ${Math.random()}` } })
      .png()
      .toBuffer();
    const processed = await processUpload(image);
    if (!processed.ok) throw new Error(processed.problem.message);
    return String((await createMedia(processed.image, { alt: "Doc", fileName: "doc.png" }, actor)).record.id);
  }
  if (path.includes("/redirects/")) {
    const rule = await createRedirect(
      {
        from: `/doc-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        to: "/about",
        statusCode: 301,
        note: "",
        confirmShadow: false,
      },
      actor,
    );
    if (!rule.ok) throw new Error("could not create a redirect");
    return String(rule.record.id);
  }
  if (path.includes("/operators/")) {
    const added = await createOperator(
      { email: `doc-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@kestrelinsight.example`, name: "Doc", role: "editor" },
      actor,
    );
    if (!added.ok) throw new Error("could not add an operator");
    return String(added.record.id);
  }
  if (path.includes("/posts/") || path.includes("/roles/")) {
    const fields = {
      slug: `doc-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      title: "Doc",
      summary: "For the document test.",
      body: "Body.",
      status: "draft" as const,
      publishAt: null,
    };
    const record = path.includes("/posts/")
      ? await createPost({ ...fields, category: "news" }, actor)
      : await createRole(
          {
            ...fields,
            team: "Doc",
            location: "London",
            employmentType: "full_time",
            closesAt: null,
            displayOrder: 60,
          },
          actor,
        );
    if (!record.ok) throw new Error("could not create a post or role");
    return String(record.record.id);
  }
  const made = path.includes("/products/")
    ? await createProduct(
        {
          name: "Doc",
          description: "For the document test.",
          url: "/platforms",
          badge: null,
          displayOrder: 60,
        },
        actor,
      )
    : path.includes("/statistics/")
      ? await createStatistic({ label: "Doc", value: "1", displayOrder: 60 }, actor)
      : await createMenuItem(
          {
            menuType: "sidebar",
            label: "Doc",
            url: "/about",
            icon: null,
            displayOrder: 60,
            isActive: true,
            openInNewTab: false,
            parentId: null,
          },
          actor,
        );
  if (!made.ok) throw new Error("could not create a record");
  return String(made.record.id);
}

/** A product in the trash, for the /api/admin/trash/{collection}/{id} paths. */
async function trashedProductId(): Promise<string> {
  const id = await existingId("/api/admin/products/{id}");
  const deleted = await deleteProduct(Number(id), actor);
  if (!deleted.ok) throw new Error("could not delete a product");
  return id;
}

/**
 * The newest kept version of the record a restore path names. The seed wrote the settings without history,
 * so a settings record is saved once first (keeping the version it had, and a new one).
 */
async function keptVersion(path: string, id = "1"): Promise<string> {
  if (path.startsWith("/api/admin/hero-content/")) {
    const { version: _version, ...hero } = await readHeroContent();
    await updateHeroContent(hero, actor);
  } else if (path.startsWith("/api/admin/seo-settings/")) {
    await updateSeoSettings({}, actor);
  } else if (path.startsWith("/api/admin/cookie-register/")) {
    const register = await readCookieRegister();
    await updateCookieRegister({ items: register.items }, actor);
  } else if (path.startsWith("/api/admin/company-settings/")) {
    const { version: _version, ...company } = await readCompanySettings();
    await updateCompanySettings(company, actor);
  } else if (path.startsWith("/api/admin/risk-warnings/")) {
    const { version: _version, ...warnings } = await readRiskWarnings();
    await updateRiskWarnings(warnings, actor);
  } else if (path.startsWith("/api/admin/regulatory-status/")) {
    const { version: _version, ...status } = await readRegulatoryStatus();
    await updateRegulatoryStatus(status, actor);
  }
  const subject = subjectByApiName(path.split("/")[3]);
  const [latest] = await listRevisions(subject!.entity, id, { limit: 1 });
  if (!latest) throw new Error(`no kept version for ${path}`);
  return String(latest.version);
}

let operator: string;
let document: OpenApiDocument;
beforeAll(async () => {
  operator = await operatorCookie();
  const response = await call(openApiRoute, "/api/openapi.json");
  expect(response.status).toBe(200);
  expect(response.headers.get("ETag")).toBeTruthy();
  document = await jsonOf<OpenApiDocument>(response);
});

describe("the OpenAPI description at /api/openapi.json", () => {
  it("is OpenAPI 3.1 with exactly the operations of the endpoint table, each with a unique id", () => {
    expect(document.openapi).toBe("3.1.0");
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(API_ENDPOINTS.map(label).sort());
    const ids = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((op) => op.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("resolves every $ref to a component", () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map(
      (m) => m[1]!,
    );
    expect(refs.length).toBeGreaterThan(20);
    for (const name of refs) expect(document.components.schemas[name], name).toBeDefined();
  });

  it("describes every route file under /api (but the catch-all), and every method each one takes", async () => {
    const files = [...apiRouteModules.keys()].filter((name) => name !== "api.$").sort();
    const described = [...new Set(API_ENDPOINTS.map((endpoint) => routeNameOf(endpoint.path)))].sort();
    expect(files).toEqual(described);

    for (const name of files) {
      const route = await apiRouteModules.get(name)!();
      const params = Object.fromEntries(paramsOf(name).map((param) => [param, "1"]));
      const { status, result } = await invoke(route, "/api/any", { method: "OPTIONS", params });
      if (status !== 204 || !(result instanceof Response)) continue; // not one of ours: it does not list its methods
      const allowed = result.headers
        .get("Allow")!
        .split(", ")
        .filter((method) => method !== "HEAD")
        .sort();
      // A route that serves every collection is documented once per collection.
      const documented = [
        ...new Set(
          API_ENDPOINTS.filter((endpoint) => routeNameOf(endpoint.path) === name).map((endpoint) =>
            endpoint.method.toUpperCase(),
          ),
        ),
      ].sort();
      expect(allowed, name).toEqual(documented);
    }
  });

  it.each(API_ENDPOINTS.map((endpoint) => [label(endpoint), endpoint] as const))(
    "%s exists and answers one of its documented statuses, not 404 or 405",
    async (_label, endpoint) => {
      const name = routeNameOf(endpoint.path);
      expect(apiRouteModules.get(name), `app/routes/${name}.ts(x)`).toBeDefined();
      const params: Record<string, string> = {};
      let path = endpoint.path;
      if (path.includes("{collection}")) {
        params.collection = "products";
        params.id = await trashedProductId();
        path = path.replace("{collection}", params.collection).replace("{id}", params.id);
      }
      if (path.includes("{id}")) {
        params.id = await existingId(path);
        path = path.replace("{id}", params.id);
      }
      if (path.includes("{version}")) {
        params.version = await keptVersion(path, params.id);
        path = path.replace("{version}", params.version);
      }
      if (path.includes("{slug}")) {
        params.slug = path.includes("/posts/")
          ? [...(await livePostIndex()).keys()][0]!
          : (await liveRoles())[0]!.slug;
        path = path.replace("{slug}", params.slug);
      }
      if (path.includes("{key}")) {
        params.key = "privacy";
        path = path.replace("{key}", params.key);
      }
      if (path.includes("{class}")) {
        params.class = "rmmi";
        path = path.replace("{class}", params.class);
      }
      // A legal document's draft routes answer 404 without a draft: one is saved (dated far ahead, so that
      // publishing it changes nothing visitors read).
      if (endpoint.path.includes("/draft")) {
        await saveLegalDraft(
          "privacy",
          { body: "## Draft {#draft}\n\nA draft.", effectiveDate: "2099-01-01", changeSummary: "A draft." },
          { userId: null, email: "openapi@kestrelinsight.example" },
        );
      }
      // GET /api/consent answers 404 without a consent record: the caller's cookie names one.
      const consent = endpoint.path === "/api/consent" ? await recordConsent({ analytics: false, action: "decline", how: "api" }) : null;
      const { status } = await invoke(await apiRouteFor(endpoint.path), path, {
        method: endpoint.method.toUpperCase(),
        params,
        cookie: consent ? `${operator}; kestrel_consent_id=${consent.version}.${consent.consentId}` : operator,
        ...(endpoint.request ? { json: {} } : {}),
      });
      expect(status).not.toBe(404);
      expect(status).not.toBe(405);
      expect([endpoint.success.status, ...errorStatuses(endpoint)]).toContain(status);
    },
  );
});

describe("schemas generated from the Zod schemas", () => {
  const schema = (name: string) => document.components.schemas[name]!;

  it("marks as required exactly the fields SPEC requires, and refuses unknown fields", () => {
    expect(schema("ContactMessage").required).toEqual(["name", "email", "subject", "message"]);
    expect(schema("ProductInput").required).toEqual(["name", "description", "url"]);
    expect(schema("StatisticInput").required).toEqual(["label", "value"]);
    expect(schema("MenuItemInput").required).toEqual(["menuType", "label", "url"]);
    expect(schema("HeroContentInput").required).toEqual([
      "title",
      "subtitle",
      "primaryCtaText",
      "primaryCtaUrl",
    ]);
    expect(schema("CompanySettingsInput").required).toEqual([
      "companyName",
      "contactEmail",
      "footerCopyright",
    ]);
    expect(schema("SeoSettingsInput").required).toEqual([
      "pageTitle",
      "metaDescription",
      "organizationName",
      "websiteUrl",
      "contactEmail",
    ]);
    for (const [name, body] of Object.entries(document.components.schemas)) {
      if (/Input$|Update$|^ContactMessage$/.test(name)) expect(body.additionalProperties, name).toBe(false);
    }
  });

  it("describes the media upload as multipart/form-data: a file and its alt text, both required", () => {
    const upload = document.paths["/api/admin/media"]!.post!;
    expect(upload.requestBody).toEqual({
      required: true,
      content: { "multipart/form-data": { schema: { $ref: "#/components/schemas/MediaUploadInput" } } },
    });
    expect(schema("MediaUploadInput").required).toEqual(["file", "alt"]);
    expect(schema("MediaUploadInput").additionalProperties).toBe(false);
    expect(schema("MediaUploadInput").properties!.file).toMatchObject({
      type: "string",
      contentMediaType: "application/octet-stream",
    });
    // 201 for a new image, 200 for one already in the library.
    expect(Object.keys(upload.responses)).toEqual(
      expect.arrayContaining(["200", "201", "400", "401", "413", "415"]),
    );
    expect(schema("MediaUpdate").required).toEqual(["alt"]);
  });

  it("carries SPEC's types, enums and defaults", () => {
    const menu = schema("MenuItemInput").properties!;
    expect(menu.menuType!.enum).toEqual(["header", "footer", "sidebar"]);
    expect(menu.isActive).toMatchObject({ type: "boolean", default: true });
    expect(menu.displayOrder).toMatchObject({ type: "integer", minimum: 0 });
    expect(menu.parentId!.anyOf).toEqual([expect.objectContaining({ type: "string" }), { type: "null" }]);
    const badge = schema("ProductInput").properties!.badge!.anyOf!;
    expect(badge[0]!.enum).toEqual(["live", "coming_soon", "beta"]);
    expect(schema("SeoSettingsInput").properties!.socialUrls).toMatchObject({
      type: "array",
      items: { type: "string" },
    });
    expect(schema("ProductUpdate").properties!.version).toMatchObject({ type: "integer" });
    expect(schema("ProductInput").properties!.version).toBeUndefined();
    expect(schema("Product").required).toEqual(
      expect.arrayContaining([
        "id",
        "name",
        "description",
        "url",
        "badge",
        "displayOrder",
        "version",
        "createdAt",
        "updatedAt",
      ]),
    );
    expect(schema("MenuItem").required).toEqual(
      expect.arrayContaining(["id", "label", "url", "openInNewTab", "parentId"]),
    );
  });
});
