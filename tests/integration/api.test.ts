import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { listRecentActivity } from "~/models/audit.server";
import { listContactMessages } from "~/models/contact-messages.server";
import { createMenuItem, listMenuItems } from "~/models/menu-items.server";
import { createProduct, getProduct, listProducts } from "~/models/products.server";
import { createStatistic } from "~/models/statistics.server";
import * as catchAll from "~/routes/api.$";
import * as contactRoute from "~/routes/api.contact";
import * as menuRoute from "~/routes/api.menu-items";
import * as openApiRoute from "~/routes/api.openapi[.]json";
import { API_MESSAGES, withApiErrors } from "~/server/api/api.server";
import {
  companySettingsRecord,
  heroRecord,
  menuItemRecord,
  productRecord,
  seoSettingsRecord,
  statisticRecord,
} from "~/server/api/api-resources.server";
import { getConfig, setConfig } from "~/server/config.server";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import {
  call,
  expectJsonContentType,
  freshAddress,
  jsonOf,
  operatorCookie,
  type CallOptions,
  type RouteHandlers,
} from "../helpers/api-client";
import * as collectionRoute from "~/routes/api.admin.$collection";
import * as collectionItemRoute from "~/routes/api.admin.$collection.$id";
import { withParams } from "../helpers/route-modules";
import * as publicCollectionRoute from "~/routes/api.$collection";

const companyRoute = withParams(publicCollectionRoute, { collection: "company-settings" });
const heroRoute = withParams(publicCollectionRoute, { collection: "hero-content" });
const productsRoute = withParams(publicCollectionRoute, { collection: "products" });
const seoRoute = withParams(publicCollectionRoute, { collection: "seo-settings" });
const statisticsRoute = withParams(publicCollectionRoute, { collection: "statistics" });

const adminCompany = withParams(collectionRoute, { collection: "company-settings" });
const adminHero = withParams(collectionRoute, { collection: "hero-content" });
const adminMenuItem = withParams(collectionItemRoute, { collection: "menu-items" });
const adminMenuItems = withParams(collectionRoute, { collection: "menu-items" });
const adminProduct = withParams(collectionItemRoute, { collection: "products" });
const adminProducts = withParams(collectionRoute, { collection: "products" });
const adminSeo = withParams(collectionRoute, { collection: "seo-settings" });
const adminStatistic = withParams(collectionItemRoute, { collection: "statistics" });
const adminStatistics = withParams(collectionRoute, { collection: "statistics" });

let operator: string;
beforeAll(async () => {
  operator = await operatorCookie();
});

const actor = { userId: null, email: "seed@kestrelinsight.example" };

/** A write endpoint of the API, with a body that it accepts and the SPEC messages for each bad field. */
interface WriteEndpoint {
  name: string;
  route: RouteHandlers;
  method: "POST" | "PUT";
  /** The path, and its params, of a record that exists (created fresh for each call). */
  target: () => Promise<{ path: string; params?: Record<string, string> }>;
  valid: Record<string, unknown>;
  invalid: [field: string, value: unknown, message: string][];
  success: number;
}

async function newProductId() {
  const result = await createProduct(
    { name: "Temp", description: "Temporary.", url: "/platforms", badge: null, displayOrder: 50 },
    actor,
  );
  if (!result.ok) throw new Error("seed failed");
  return String(result.record.id);
}
async function newStatisticId() {
  const result = await createStatistic({ label: "Temp", value: "1", displayOrder: 50 }, actor);
  if (!result.ok) throw new Error("seed failed");
  return String(result.record.id);
}
async function newMenuItemId() {
  const result = await createMenuItem(
    {
      menuType: "footer",
      label: "Temp",
      url: "/about",
      icon: null,
      displayOrder: 50,
      isActive: true,
      openInNewTab: false,
      parentId: null,
    },
    actor,
  );
  if (!result.ok) throw new Error("seed failed");
  return String(result.record.id);
}

const contact = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "General Inquiry",
  message: "I would like to hear more about your platforms.",
};
const company = {
  companyName: "Kestrel Insight Ltd",
  contactEmail: "hello@kestrelinsight.example",
  footerCopyright: "© 2025 Kestrel Insight Ltd. All rights reserved.",
};
const seo = {
  pageTitle: "Kestrel Insight",
  metaDescription: "Data-driven investment software from London.",
  keywords: "fintech, AI signals",
  gaTrackingId: "G-ABC1234",
  organizationName: "Kestrel Insight Ltd",
  websiteUrl: "https://www.kestrelinsight.example",
  logoUrl: "",
  contactEmail: "hello@kestrelinsight.example",
  socialUrls: ["https://www.linkedin.com/company/kestrel-insight"],
};
const hero = {
  title: "Investing you can check",
  subtitle: "Signals with their reasons.",
  primaryCtaText: "Explore Kestrel Markets",
  primaryCtaUrl: "https://markets.kestrelinsight.example",
  secondaryCtaText: null,
  secondaryCtaUrl: null,
};
const statistic = { label: "Countries", value: "12", displayOrder: 5 };
const product = {
  name: "Robo Pensions",
  description: "Pensions, explained.",
  url: "/platforms",
  badge: "beta",
  displayOrder: 9,
};
const menuItem = {
  menuType: "footer",
  label: "Press",
  url: "/newsroom",
  icon: null,
  displayOrder: 7,
  isActive: true,
  openInNewTab: false,
  parentId: null,
};

const statisticInvalid: WriteEndpoint["invalid"] = [
  ["label", "", "Label is required"],
  ["value", "  ", "Value is required"],
  ["displayOrder", -1, "Number must be greater than or equal to 0"],
];
const productInvalid: WriteEndpoint["invalid"] = [
  ["name", "", "Name is required"],
  ["description", "", "Description is required"],
  ["url", "", "URL is required"],
  ["url", "javascript:alert(1)", "Must be a valid URL"],
  ["badge", "gold", "Invalid input"],
  ["displayOrder", 1.5, "Must be a whole number"],
  // PostgreSQL text cannot hold NUL: refused as invalid, not a failed write.
  ["name", "Robo\u0000Pensions", "Invalid input"],
];
const menuItemInvalid: WriteEndpoint["invalid"] = [
  ["menuType", "nav", "Menu type is required"],
  ["label", "", "Label is required"],
  ["url", "", "URL is required"],
  ["displayOrder", -3, "Number must be greater than or equal to 0"],
  ["isActive", "maybe", "Invalid input"],
  ["parentId", "abc", "Parent ID must be the number of another menu item"],
  ["parentId", "99999", "Parent ID must name an existing Footer menu item"],
  // Past PostgreSQL's integer: it could name no item (and once failed the query with a 500).
  ["parentId", "9999999999", "Parent ID must be the number of another menu item"],
];

const WRITES: WriteEndpoint[] = [
  {
    name: "PUT /api/admin/company-settings",
    route: adminCompany,
    method: "PUT",
    target: async () => ({ path: "/api/admin/company-settings" }),
    valid: company,
    invalid: [
      ["companyName", "", "Company name is required"],
      ["contactEmail", "hello", "Must be a valid email"],
      ["footerCopyright", " ", "Footer copyright is required"],
    ],
    success: 200,
  },
  {
    name: "PUT /api/admin/seo-settings",
    route: adminSeo,
    method: "PUT",
    target: async () => ({ path: "/api/admin/seo-settings" }),
    valid: seo,
    invalid: [
      ["pageTitle", "", "Page title is required"],
      ["metaDescription", "", "Meta description is required"],
      ["organizationName", "", "Organization name is required"],
      ["websiteUrl", "kestrel", "Must be a valid URL"],
      ["logoUrl", "ftp://files.example/logo.png", "Must be a valid URL"],
      ["contactEmail", "hello@", "Must be a valid email"],
      ["socialUrls", ["https://ok.example", "not a url"], "Must be a valid URL"],
      ["socialUrls", ["https://ok.example/\u0000"], "Must be a valid URL"],
      ["gaTrackingId", "UA-12345", "Measurement ID must look like G-XXXXXXXXXX"],
    ],
    success: 200,
  },
  {
    name: "PUT /api/admin/hero-content",
    route: adminHero,
    method: "PUT",
    target: async () => ({ path: "/api/admin/hero-content" }),
    valid: hero,
    invalid: [
      ["title", "", "Title is required"],
      ["subtitle", "", "Subtitle is required"],
      ["primaryCtaText", "", "Primary CTA text is required"],
      ["primaryCtaUrl", "/markets", "Must be a valid URL"],
    ],
    success: 200,
  },
  {
    name: "POST /api/admin/statistics",
    route: adminStatistics,
    method: "POST",
    target: async () => ({ path: "/api/admin/statistics" }),
    valid: statistic,
    invalid: statisticInvalid,
    success: 201,
  },
  {
    name: "PUT /api/admin/statistics/{id}",
    route: adminStatistic,
    method: "PUT",
    target: async () => {
      const id = await newStatisticId();
      return { path: `/api/admin/statistics/${id}`, params: { id } };
    },
    valid: statistic,
    invalid: statisticInvalid,
    success: 200,
  },
  {
    name: "POST /api/admin/products",
    route: adminProducts,
    method: "POST",
    target: async () => ({ path: "/api/admin/products" }),
    valid: product,
    invalid: productInvalid,
    success: 201,
  },
  {
    name: "PUT /api/admin/products/{id}",
    route: adminProduct,
    method: "PUT",
    target: async () => {
      const id = await newProductId();
      return { path: `/api/admin/products/${id}`, params: { id } };
    },
    valid: product,
    invalid: productInvalid,
    success: 200,
  },
  {
    name: "POST /api/admin/menu-items",
    route: adminMenuItems,
    method: "POST",
    target: async () => ({ path: "/api/admin/menu-items" }),
    valid: menuItem,
    invalid: menuItemInvalid,
    success: 201,
  },
  {
    name: "PUT /api/admin/menu-items/{id}",
    route: adminMenuItem,
    method: "PUT",
    target: async () => {
      const id = await newMenuItemId();
      return { path: `/api/admin/menu-items/${id}`, params: { id } };
    },
    valid: menuItem,
    invalid: menuItemInvalid,
    success: 200,
  },
];

const POST_CONTACT: WriteEndpoint = {
  name: "POST /api/contact",
  route: contactRoute,
  method: "POST",
  target: async () => ({ path: "/api/contact" }),
  valid: contact,
  invalid: [
    ["name", "A", "Name must be at least 2 characters"],
    ["email", "ada@", "Please enter a valid email address"],
    ["subject", "Hi", "Subject must be at least 3 characters"],
    ["message", "Too short", "Message must be at least 10 characters"],
    ["message", "Hello there\u0000, friends", "Invalid input"],
  ],
  success: 201,
};

const DELETES = [
  {
    name: "DELETE /api/admin/statistics/{id}",
    route: adminStatistic,
    base: "/api/admin/statistics",
    make: newStatisticId,
  },
  {
    name: "DELETE /api/admin/products/{id}",
    route: adminProduct,
    base: "/api/admin/products",
    make: newProductId,
  },
  {
    name: "DELETE /api/admin/menu-items/{id}",
    route: adminMenuItem,
    base: "/api/admin/menu-items",
    make: newMenuItemId,
  },
];

type Target = Awaited<ReturnType<WriteEndpoint["target"]>>;

async function send(
  endpoint: WriteEndpoint,
  options: CallOptions & { signedIn?: boolean } = {},
  target?: Target,
) {
  const { path, params } = target ?? (await endpoint.target());
  return call(endpoint.route, path, {
    method: endpoint.method,
    params,
    cookie: options.signedIn === false ? undefined : operator,
    ...options,
  });
}

describe("public reads", () => {
  const READS: [string, RouteHandlers, z.ZodType, boolean][] = [
    ["/api/company-settings", companyRoute, companySettingsRecord, false],
    ["/api/seo-settings", seoRoute, seoSettingsRecord, false],
    ["/api/hero-content", heroRoute, heroRecord, false],
    ["/api/statistics", statisticsRoute, statisticRecord, true],
    ["/api/products", productsRoute, productRecord, true],
    ["/api/menu-items", menuRoute, menuItemRecord, true],
  ];

  it.each(READS)(
    "GET %s answers the documented JSON, cacheable with an ETag, and 304 when unchanged",
    async (path, route, schema, list) => {
      const response = await call(route, path);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
      const etag = response.headers.get("ETag");
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const body = await jsonOf<unknown>(response);
      if (list) {
        expect(Array.isArray(body)).toBe(true);
        const items = body as { displayOrder: number }[];
        expect(items.length).toBeGreaterThan(0);
        for (const item of items) expect(schema.safeParse(item).error).toBeUndefined();
        const orders = items.map((item) => item.displayOrder);
        expect(orders).toEqual([...orders].sort((a, b) => a - b));
      } else {
        expect(schema.safeParse(body).error).toBeUndefined();
      }

      const again = await call(route, path, { headers: { "If-None-Match": etag! } });
      expect(again.status).toBe(304);
      expect(again.headers.get("ETag")).toBe(etag);
      expect(await again.text()).toBe("");
      const weak = await call(route, path, { headers: { "If-None-Match": `"other", W/${etag}` } });
      expect(weak.status).toBe(304);
      const stale = await call(route, path, { headers: { "If-None-Match": '"something-else"' } });
      expect(stale.status).toBe(200);
      expect((await call(route, path, { method: "HEAD" })).status).toBe(200);
    },
  );

  it("serializes records in SPEC's fields: a product without a badge has badge null, dates are ISO", async () => {
    await createProduct(
      { name: "Badgeless", description: "No badge.", url: "/platforms", badge: null, displayOrder: 99 },
      actor,
    );
    const products = await jsonOf<Record<string, unknown>[]>(await call(productsRoute, "/api/products"));
    const badgeless = products.find((p) => p.name === "Badgeless")!;
    expect(badgeless).toMatchObject({ badge: null, displayOrder: 99, version: 1 });
    expect(Object.keys(badgeless).sort()).toEqual(
      [
        "badge",
        "createdAt",
        "description",
        "displayOrder",
        "id",
        "name",
        // Issue 37: which prescribed warning it carries, and its own risk summary (empty: its class's).
        "riskClass",
        "riskSummary",
        "updatedAt",
        "url",
        "version",
      ].sort(),
    );
    expect(new Date(String(badgeless.createdAt)).toISOString()).toBe(badgeless.createdAt);
  });

  it("changes the ETag when the content changes", async () => {
    const before = (await call(productsRoute, "/api/products")).headers.get("ETag")!;
    await createProduct(
      { name: "Another", description: "One more.", url: "/platforms", badge: "live", displayOrder: 98 },
      actor,
    );
    const after = await call(productsRoute, "/api/products", { headers: { "If-None-Match": before } });
    expect(after.status).toBe(200);
    expect(after.headers.get("ETag")).not.toBe(before);
  });

  describe("menu items", () => {
    let hiddenLabel: string;
    beforeAll(async () => {
      hiddenLabel = "Hidden careers link";
      await createMenuItem(
        {
          menuType: "header",
          label: hiddenLabel,
          url: "/careers",
          icon: null,
          displayOrder: 3,
          isActive: false,
          openInNewTab: false,
          parentId: null,
        },
        actor,
      );
    });

    it("gives visitors the active items only, and an operator all of them, never cached", async () => {
      const visitor = await jsonOf<{ label: string; isActive: boolean }[]>(
        await call(menuRoute, "/api/menu-items"),
      );
      expect(visitor.every((item) => item.isActive)).toBe(true);
      expect(visitor.map((item) => item.label)).not.toContain(hiddenLabel);

      const response = await call(menuRoute, "/api/menu-items", { cookie: operator });
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(response.headers.get("Vary")).toBe("Cookie");
      const all = await jsonOf<{ label: string }[]>(response);
      expect(all.map((item) => item.label)).toContain(hiddenLabel);
      expect(all.length).toBe((await listMenuItems()).length);
    });

    it("filters by ?menuType=header and carries id, label, url and openInNewTab, parentId as a string or null", async () => {
      const response = await call(menuRoute, "/api/menu-items", { search: "?menuType=header" });
      expect(response.status).toBe(200);
      const items = await jsonOf<Record<string, unknown>[]>(response);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        expect(item.menuType).toBe("header");
        expect(typeof item.id).toBe("number");
        expect(typeof item.label).toBe("string");
        expect(typeof item.url).toBe("string");
        expect(typeof item.openInNewTab).toBe("boolean");
        expect(item.parentId === null || typeof item.parentId === "string").toBe(true);
      }
      const operatorView = await jsonOf<{ label: string; menuType: string }[]>(
        await call(menuRoute, "/api/menu-items", { search: "?menuType=header", cookie: operator }),
      );
      expect(operatorView.map((item) => item.label)).toContain(hiddenLabel);
      expect(operatorView.every((item) => item.menuType === "header")).toBe(true);
    });

    it.each(["nav", "", "HEADER"])("refuses ?menuType=%s with 400", async (menuType) => {
      const response = await call(menuRoute, "/api/menu-items", { search: `?menuType=${menuType}` });
      expect(response.status).toBe(400);
      expect(await jsonOf(response)).toEqual({
        message: "menuType must be one of header, footer, sidebar",
        errors: { menuType: ["menuType must be one of header, footer, sidebar"] },
      });
    });
  });
});

describe("POST /api/contact", () => {
  it("stores the message before answering 201", async () => {
    const response = await call(contactRoute, "/api/contact", { method: "POST", json: contact });
    expect(response.status).toBe(201);
    expect(await jsonOf(response)).toEqual({ message: "Message sent" });
    expect((await listContactMessages())[0]).toMatchObject(contact);
  });

  it("answers a filled honeypot with the same 201 and stores nothing", async () => {
    const before = (await listContactMessages()).length;
    const response = await call(contactRoute, "/api/contact", {
      method: "POST",
      json: { ...contact, message: "Buy cheap watches here now!", website: "https://spam.example" },
    });
    expect(response.status).toBe(201);
    expect(await jsonOf(response)).toEqual({ message: "Message sent" });
    expect((await listContactMessages()).length).toBe(before);
  });

  it("accepts an empty honeypot as a real message", async () => {
    const response = await call(contactRoute, "/api/contact", {
      method: "POST",
      json: { ...contact, website: "" },
    });
    expect(response.status).toBe(201);
  });

  it.each(POST_CONTACT.invalid)("refuses a bad %s with SPEC's message", async (field, value, message) => {
    const response = await call(contactRoute, "/api/contact", {
      method: "POST",
      json: { ...contact, [field]: value },
    });
    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toEqual({ message: "Validation failed", errors: { [field]: [message] } });
  });

  it("lists every bad field at once, and a missing one", async () => {
    const response = await call(contactRoute, "/api/contact", {
      method: "POST",
      json: { name: "A", email: "x" },
    });
    const body = await jsonOf<{ errors: Record<string, string[]> }>(response);
    expect(body.errors).toEqual({
      name: ["Name must be at least 2 characters"],
      email: ["Please enter a valid email address"],
      subject: ["Subject must be at least 3 characters"],
      message: ["Message must be at least 10 characters"],
    });
  });

  it("answers 429 with Retry-After past the contact limit for one address, and other addresses still get through", async () => {
    const address = freshAddress();
    const { max } = getConfig().rateLimits.contact;
    for (let i = 0; i < max; i += 1) {
      expect(
        (await call(contactRoute, "/api/contact", { method: "POST", json: contact, clientAddress: address }))
          .status,
      ).toBe(201);
    }
    const stored = (await listContactMessages()).length;
    const refused = await call(contactRoute, "/api/contact", {
      method: "POST",
      json: contact,
      clientAddress: address,
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await jsonOf(refused)).toEqual({ message: RATE_LIMIT_MESSAGE });
    expect((await listContactMessages()).length).toBe(stored);
    expect((await call(contactRoute, "/api/contact", { method: "POST", json: contact })).status).toBe(201);
  });
});

describe("operator writes", () => {
  it.each(WRITES.map((w) => [w.name, w] as const))(
    "%s: signed out gets 401 JSON and nothing changes",
    async (_name, endpoint) => {
      const target = await endpoint.target();
      const audit = (await listRecentActivity(1))[0]?.id;
      const response = await send(endpoint, { json: endpoint.valid, signedIn: false }, target);
      expect(response.status).toBe(401);
      expect(await jsonOf(response)).toEqual({ message: "Unauthorized" });
      expect((await listRecentActivity(1))[0]?.id).toBe(audit);
    },
  );

  it("refuses a session whose e-mail is no longer on the allowlist", async () => {
    const outsider = await operatorCookie("former@elsewhere.example");
    const response = await call(adminProducts, "/api/admin/products", {
      method: "POST",
      json: product,
      cookie: outsider,
    });
    expect(response.status).toBe(401);
  });

  it.each(WRITES.map((w) => [w.name, w] as const))(
    "%s: a valid body is saved, answered, audited",
    async (_name, endpoint) => {
      const response = await send(endpoint, { json: endpoint.valid });
      expect(response.status).toBe(endpoint.success);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const body = await jsonOf(response);
      for (const [key, value] of Object.entries(endpoint.valid)) {
        if (value === null && (key === "secondaryCtaText" || key === "secondaryCtaUrl"))
          expect(body[key]).toBe("");
        else if (key === "logoUrl" || key === "gaTrackingId" || key === "keywords")
          expect(body[key]).toBe(value ?? "");
        else expect(body[key]).toEqual(value);
      }
      const [latest] = await listRecentActivity(1);
      expect(latest!.actorEmail).toBe("admin@kestrelinsight.example");
      expect(latest!.action).toBe(endpoint.method === "POST" ? "create" : "update");
      if (endpoint.success === 201) {
        expect(response.headers.get("Location")).toBe(`${(await endpoint.target()).path}/${String(body.id)}`);
      }
    },
  );

  it.each(
    WRITES.flatMap((w) =>
      w.invalid.map(([field, value, message]) => [w.name, field, value, message, w] as const),
    ),
  )("%s: a bad %s (%j) gets 400 with SPEC's message", async (_name, field, value, message, endpoint) => {
    const target = await endpoint.target();
    const audit = (await listRecentActivity(1))[0]?.id;
    const response = await send(endpoint, { json: { ...endpoint.valid, [field]: value } }, target);
    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toEqual({ message: "Validation failed", errors: { [field]: [message] } });
    expect((await listRecentActivity(1))[0]?.id).toBe(audit);
  });

  it.each([...WRITES, POST_CONTACT].map((w) => [w.name, w] as const))(
    "%s: refuses malformed JSON, a non-object, unknown fields and a wrong content type",
    async (_name, endpoint) => {
      const expectError = async (response: Response, status: number, body: Record<string, unknown>) => {
        expect(response.status).toBe(status);
        expect(await jsonOf(response)).toEqual(body);
      };
      const json = { "Content-Type": "application/json" };
      await expectError(await send(endpoint, { body: '{"name": "unterminated', headers: json }), 400, {
        message: "Malformed JSON",
      });
      await expectError(await send(endpoint, { body: "", headers: json }), 400, {
        message: "Malformed JSON",
      });
      await expectError(
        await send(endpoint, { body: new Uint8Array([0x7b, 0xff, 0x7d]), headers: json }),
        400,
        { message: "Malformed JSON" },
      );
      await expectError(await send(endpoint, { json: [endpoint.valid] }), 400, {
        message: API_MESSAGES.notAnObject,
      });
      await expectError(await send(endpoint, { json: { ...endpoint.valid, colour: "teal" } }), 400, {
        message: "Validation failed",
        errors: { colour: ["Unknown field"] },
      });
      const asForm = new URLSearchParams(Object.entries(endpoint.valid).map(([k, v]) => [k, String(v)]));
      await expectError(await send(endpoint, { body: asForm }), 415, {
        message: "Content-Type must be application/json",
      });
      await expectError(
        await send(endpoint, {
          body: JSON.stringify(endpoint.valid),
          headers: { "Content-Type": "text/plain" },
        }),
        415,
        {
          message: "Content-Type must be application/json",
        },
      );
      await expectError(await send(endpoint, { body: JSON.stringify(endpoint.valid) }), 415, {
        message: "Content-Type must be application/json",
      });
      // Charset utf-8 is fine.
      const ok = await send(endpoint, {
        body: JSON.stringify(endpoint.valid),
        headers: { "Content-Type": "application/json; charset=UTF-8" },
      });
      expect(ok.status).toBe(endpoint.success);
    },
  );

  it.each(DELETES.map((d) => [d.name, d] as const))(
    "%s: 401 signed out, 204 signed in, then 404",
    async (_name, endpoint) => {
      const id = await endpoint.make();
      const path = `${endpoint.base}/${id}`;
      expect((await call(endpoint.route, path, { method: "DELETE", params: { id } })).status).toBe(401);
      const deleted = await call(endpoint.route, path, {
        method: "DELETE",
        params: { id },
        cookie: operator,
      });
      expect(deleted.status).toBe(204);
      expect(await deleted.text()).toBe("");
      expect((await listRecentActivity(1))[0]).toMatchObject({ action: "delete", entityId: id });
      const again = await call(endpoint.route, path, { method: "DELETE", params: { id }, cookie: operator });
      expect(again.status).toBe(404);
      expect((await jsonOf<{ message: string }>(again)).message).toMatch(/not found$/);
    },
  );

  it.each(["999999", "abc", "0", "-1", "1.5", "99999999999", "1e3"])(
    "answers 404 JSON for the unknown or malformed id %s",
    async (id) => {
      for (const [route, base, body] of [
        [adminProduct, "/api/admin/products", product],
        [adminStatistic, "/api/admin/statistics", statistic],
        [adminMenuItem, "/api/admin/menu-items", menuItem],
      ] as const) {
        for (const method of ["PUT", "DELETE"]) {
          const response = await call(route, `${base}/${id}`, {
            method,
            params: { id },
            cookie: operator,
            ...(method === "PUT" ? { json: body } : {}),
          });
          expect(response.status, `${method} ${base}/${id}`).toBe(404);
          expectJsonContentType(response);
        }
      }
    },
  );

  it("refreshes the public reads after a write", async () => {
    const etag = (await call(heroRoute, "/api/hero-content")).headers.get("ETag")!;
    await call(adminHero, "/api/admin/hero-content", {
      method: "PUT",
      cookie: operator,
      json: { ...hero, title: "A fresh title" },
    });
    const after = await call(heroRoute, "/api/hero-content", { headers: { "If-None-Match": etag } });
    expect(after.status).toBe(200);
    expect((await jsonOf(after)).title).toBe("A fresh title");
    expect((await listRecentActivity(1))[0]).toMatchObject({
      summary: "Updated hero content",
      actorEmail: "admin@kestrelinsight.example",
    });
  });

  it("updates SEO settings with socialUrls as an array, trimming lines and dropping empty ones", async () => {
    const response = await call(adminSeo, "/api/admin/seo-settings", {
      method: "PUT",
      cookie: operator,
      json: { ...seo, socialUrls: [" https://x.example/kestrel ", "", "https://github.example/kestrel"] },
    });
    expect(response.status).toBe(200);
    expect((await jsonOf(response)).socialUrls).toEqual([
      "https://x.example/kestrel",
      "https://github.example/kestrel",
    ]);
    const read = await jsonOf(await call(seoRoute, "/api/seo-settings"));
    expect(read.socialUrls).toEqual(["https://x.example/kestrel", "https://github.example/kestrel"]);
  });

  it("refuses a save made over a newer version with 409 when a version is given", async () => {
    const id = await newProductId();
    const current = (await getProduct(Number(id)))!;
    const first = await call(adminProduct, `/api/admin/products/${id}`, {
      method: "PUT",
      params: { id },
      cookie: operator,
      json: { ...product, name: "First", version: current.version },
    });
    expect(first.status).toBe(200);
    expect((await jsonOf(first)).version).toBe(current.version + 1);
    const stale = await call(adminProduct, `/api/admin/products/${id}`, {
      method: "PUT",
      params: { id },
      cookie: operator,
      json: { ...product, name: "Second", version: current.version },
    });
    expect(stale.status).toBe(409);
    expect((await jsonOf<{ message: string }>(stale)).message).toContain("admin@kestrelinsight.example");
    expect((await getProduct(Number(id)))!.name).toBe("First");
    const badVersion = await call(adminProduct, `/api/admin/products/${id}`, {
      method: "PUT",
      params: { id },
      cookie: operator,
      json: { ...product, version: "one" },
    });
    expect(badVersion.status).toBe(400);
    expect((await jsonOf(badVersion)).errors).toEqual({ version: ["Invalid input"] });
  });

  it("creates a menu item with SPEC's defaults when isActive and openInNewTab are omitted", async () => {
    const { isActive: _a, openInNewTab: _o, ...rest } = menuItem;
    const response = await call(adminMenuItems, "/api/admin/menu-items", {
      method: "POST",
      cookie: operator,
      json: rest,
    });
    expect(response.status).toBe(201);
    const body = await jsonOf(response);
    expect(body).toMatchObject({ isActive: true, openInNewTab: false, parentId: null, icon: null });
    expect(response.headers.get("Location")).toBe(`/api/admin/menu-items/${String(body.id)}`);

    const child = await call(adminMenuItems, "/api/admin/menu-items", {
      method: "POST",
      cookie: operator,
      json: { ...rest, label: "Press kit", parentId: String(body.id), isActive: false },
    });
    expect(child.status).toBe(201);
    expect(await jsonOf(child)).toMatchObject({ parentId: String(body.id), isActive: false });
  });

  it("refuses a menu item as its own parent with errors.parentId", async () => {
    const id = await newMenuItemId();
    const response = await call(adminMenuItem, `/api/admin/menu-items/${id}`, {
      method: "PUT",
      params: { id },
      cookie: operator,
      json: { ...menuItem, parentId: id },
    });
    expect(response.status).toBe(400);
    expect((await jsonOf(response)).errors).toEqual({ parentId: ["A menu item cannot be its own parent"] });
  });

  it("refuses a parent that would make a loop through other items, naming the item that leads back", async () => {
    const put = (id: string, json: Record<string, unknown>) =>
      call(adminMenuItem, `/api/admin/menu-items/${id}`, { method: "PUT", params: { id }, cookie: operator, json });
    const a = await newMenuItemId();
    const b = await newMenuItemId();
    const c = await newMenuItemId();
    expect((await put(b, { ...menuItem, label: "Second", parentId: a })).status).toBe(200);
    expect((await put(c, { ...menuItem, label: "Third", parentId: b })).status).toBe(200);
    // a under c would close a -> c -> b -> a.
    const loop = await put(a, { ...menuItem, label: "First", parentId: c });
    expect(loop.status).toBe(400);
    expect((await jsonOf(loop)).errors).toEqual({
      parentId: [`Parent ID ${c} would make a loop: "Second" is already nested under this menu item`],
    });
    // Two items each other's parent.
    const pair = await put(b, { ...menuItem, label: "Second", parentId: c });
    expect(pair.status).toBe(400);
    expect(await jsonOf(pair)).toMatchObject({ errors: { parentId: [expect.stringMatching(/would make a loop: "Third"/)] } });
  });

  it("answers 429 with Retry-After past the admin write limit", async () => {
    const config = getConfig();
    setConfig({
      ...config,
      rateLimits: { ...config.rateLimits, adminWrite: { max: 2, windowSeconds: 600 } },
    });
    try {
      const address = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push(
          (
            await call(adminProducts, "/api/admin/products", {
              method: "POST",
              cookie: operator,
              json: product,
              clientAddress: address,
            })
          ).status,
        );
      }
      expect(statuses).toEqual([201, 201, 429]);
      const refused = await call(adminProducts, "/api/admin/products", {
        method: "POST",
        cookie: operator,
        json: product,
        clientAddress: address,
      });
      expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(await jsonOf(refused)).toEqual({ message: RATE_LIMIT_MESSAGE });
    } finally {
      setConfig(config);
    }
  });
});

describe("methods and paths", () => {
  it.each([
    ["DELETE", "/api/products", productsRoute, "GET, HEAD"],
    ["POST", "/api/hero-content", heroRoute, "GET, HEAD"],
    ["PUT", "/api/menu-items", menuRoute, "GET, HEAD"],
    ["GET", "/api/admin/products", adminProducts, "POST"],
    ["GET", "/api/admin/hero-content", adminHero, "PUT"],
    ["POST", "/api/admin/hero-content", adminHero, "PUT"],
    ["GET", "/api/contact", contactRoute, "POST"],
    ["PATCH", "/api/admin/products/1", adminProduct, "PUT, DELETE"],
    ["POST", "/api/openapi.json", openApiRoute, "GET, HEAD"],
  ] as const)("%s %s is 405 with Allow: %s", async (method, path, route, allow) => {
    const response = await call(route, path, { method, cookie: operator, params: { id: "1" } });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe(allow);
    expect(await jsonOf(response)).toEqual({ message: "Method not allowed" });
  });

  it("answers OPTIONS with the allowed methods", async () => {
    const response = await call(adminProduct, "/api/admin/products/1", {
      method: "OPTIONS",
      params: { id: "1" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("Allow")).toBe("PUT, DELETE");
  });

  it.each(["GET", "POST", "PUT", "DELETE"])(
    "answers %s on an unknown /api path with 404 JSON",
    async (method) => {
      const response = await call(catchAll, "/api/nothing/here", { method, params: { "*": "nothing/here" } });
      expect(response.status).toBe(404);
      expect(await jsonOf(response)).toEqual({ message: "Not found" });
    },
  );

  it("turns an unexpected failure into a bare 500 JSON without details", async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const response = await withApiErrors(() =>
        Promise.reject(new Error('relation "products" does not exist at /srv/app.ts:12')),
      );
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ message: "Internal server error" });
      expect(text).not.toMatch(/relation|srv|at /);
      expect(errors).toHaveLength(1);
    } finally {
      console.error = original;
    }
  });
});

it("keeps products listed in display order after API writes", async () => {
  const orders = (await listProducts()).map((p) => p.displayOrder);
  expect(orders).toEqual([...orders].sort((a, b) => a - b));
});
