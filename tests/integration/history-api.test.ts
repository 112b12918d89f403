import { beforeAll, describe, expect, it } from "vitest";
import { createOperator } from "~/models/operators.server";
import { getHeroContent, updateHeroContent } from "~/models/hero.server";
import { createMenuItem, deleteMenuItem, getMenuItem, updateMenuItem } from "~/models/menu-items.server";
import { createPost, deletePost } from "~/models/posts.server";
import { createProduct, deleteProduct, getProduct, updateProduct } from "~/models/products.server";
import { listRevisions } from "~/models/revisions.server";
import { getTrashEntry } from "~/models/trash.server";
import * as recordRevisions from "~/routes/api.admin.$collection.$id.revisions";
import * as recordRestore from "~/routes/api.admin.$collection.$id.revisions.$version.restore";
import * as settingsRevisions from "~/routes/api.admin.$collection.revisions";
import * as settingsRestore from "~/routes/api.admin.$collection.revisions.$version.restore";
import * as trashList from "~/routes/api.admin.trash";
import * as trashItem from "~/routes/api.admin.trash.$collection.$id";
import * as trashRestore from "~/routes/api.admin.trash.$collection.$id.restore";
import { POST_MESSAGES } from "~/schemas/post";
import { heroJson, productJson } from "~/server/api/api-resources.server";
import { revisionPage, revisionRecord, trashEntryRecord } from "~/server/api/history-resources.server";
import { createRedirect, getRedirect } from "~/models/redirects.server";
import { createRole } from "~/models/roles.server";
import { createStatistic, getStatistic } from "~/models/statistics.server";
import { menuItemJson, redirectJson, statisticJson } from "~/server/api/api-resources.server";
import { apiOperations } from "~/server/api/openapi.server";
import { call, jsonOf, operatorCookie, type CallOptions, type RouteHandlers } from "../helpers/api-client";
import { apiRouteFor, withParams } from "../helpers/route-modules";
import * as collectionItemRoute from "~/routes/api.admin.$collection.$id";
import * as publicCollectionRoute from "~/routes/api.$collection";

const publicHero = withParams(publicCollectionRoute, { collection: "hero-content" });
const publicProducts = withParams(publicCollectionRoute, { collection: "products" });

const postItem = withParams(collectionItemRoute, { collection: "posts" });
const roleItem = withParams(collectionItemRoute, { collection: "roles" });
const operatorItem = withParams(collectionItemRoute, { collection: "operators" });

const productItem = withParams(collectionItemRoute, { collection: "products" });

// One route file serves every collection's history; Remix gives it the collection from the URL.
const heroRevisions = withParams(settingsRevisions, { collection: "hero-content" });
const heroRestore = withParams(settingsRestore, { collection: "hero-content" });
const companyRevisions = withParams(settingsRevisions, { collection: "company-settings" });
const seoRevisions = withParams(settingsRevisions, { collection: "seo-settings" });
const menuRevisions = withParams(recordRevisions, { collection: "menu-items" });
const menuRestore = withParams(recordRestore, { collection: "menu-items" });
const productRevisions = withParams(recordRevisions, { collection: "products" });
const productRestore = withParams(recordRestore, { collection: "products" });

let operator: string;
beforeAll(async () => {
  operator = await operatorCookie("admin@kestrelinsight.example");
});

const actor = { userId: null, email: "seed@kestrelinsight.example" };
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

/** Calls a route as the operator (or as `cookie`), checking every answer is for the operator alone. */
async function api(route: RouteHandlers, path: string, options: CallOptions = {}): Promise<Response> {
  const response = await call(route, path, { cookie: operator, ...options });
  expect(response.headers.get("Cache-Control"), `${options.method ?? "GET"} ${path}`).toBe(
    "private, no-store",
  );
  return response;
}

async function expectAnswer(response: Response, status: number, body?: unknown) {
  expect(response.status).toBe(status);
  if (body !== undefined) expect(await jsonOf(response)).toEqual(body);
}

async function newProduct(name = unique("History")) {
  const made = await createProduct(
    { name, description: "First words.", url: "/platforms", badge: null, displayOrder: 30 },
    actor,
  );
  if (!made.ok) throw new Error("could not create a product");
  return made.record;
}

interface RevisionPage {
  items: {
    version: number;
    actorEmail: string;
    createdAt: string;
    changedFields: string[];
    values: Record<string, unknown>;
    note: string;
  }[];
  page: number;
  pageCount: number;
  total: number;
}

describe("signed out, or not an operator", () => {
  const cases: [string, RouteHandlers, string, CallOptions][] = [
    ["GET hero revisions", heroRevisions, "/api/admin/hero-content/revisions", {}],
    [
      "POST hero restore",
      heroRestore,
      "/api/admin/hero-content/revisions/1/restore",
      { method: "POST", params: { version: "1" } },
    ],
    ["GET product revisions", productRevisions, "/api/admin/products/1/revisions", { params: { id: "1" } }],
    [
      "POST product restore",
      productRestore,
      "/api/admin/products/1/revisions/1/restore",
      { method: "POST", params: { id: "1", version: "1" } },
    ],
    ["GET trash", trashList, "/api/admin/trash", {}],
    [
      "POST trash restore",
      trashRestore,
      "/api/admin/trash/products/1/restore",
      { method: "POST", params: { collection: "products", id: "1" } },
    ],
    [
      "DELETE trash entry",
      trashItem,
      "/api/admin/trash/products/1",
      { method: "DELETE", params: { collection: "products", id: "1" } },
    ],
  ];
  it.each(cases)("%s answers 401 as every admin API route does", async (_label, route, path, options) => {
    await expectAnswer(await api(route, path, { ...options, cookie: "" }), 401, { message: "Unauthorized" });
    await expectAnswer(await api(route, path, { ...options, cookie: "kestrel_session=forged" }), 401, {
      message: "Unauthorized",
    });
  });

  it("other methods are 405 with Allow", async () => {
    const response = await api(heroRevisions, "/api/admin/hero-content/revisions", { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
    expect(
      (await api(trashItem, "/api/admin/trash/products/1", { params: { collection: "products", id: "1" } }))
        .status,
    ).toBe(405);
  });
});

const HISTORY_ENDPOINTS = apiOperations().filter((endpoint) => /\/revisions|\/trash/.test(endpoint.path));

/** A path of the table with its parameters filled in. */
function filled(
  path: string,
  values: Record<string, string>,
): { path: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const concrete = path.replace(/\{(\w+)\}/g, (_match, name: string) => (params[name] = values[name] ?? "1"));
  return { path: concrete, params };
}

describe("the history routes every collection shares", () => {
  it.each([
    [
      "a name that is no collection",
      settingsRevisions,
      "/api/admin/widgets/revisions",
      { collection: "widgets" },
    ],
    [
      "a collection without history in the API",
      settingsRevisions,
      "/api/admin/notification-settings/revisions",
      { collection: "notification-settings" },
    ],
    [
      "a settings record with an id",
      recordRevisions,
      "/api/admin/hero-content/1/revisions",
      { collection: "hero-content", id: "1" },
    ],
    [
      "a collection of many without an id",
      settingsRevisions,
      "/api/admin/products/revisions",
      { collection: "products" },
    ],
    [
      "the trash",
      recordRestore,
      "/api/admin/trash/1/revisions/1/restore",
      { collection: "trash", id: "1", version: "1" },
    ],
  ] as const)(
    "answer %s with the API's 404 signed in, and 401 signed out as every admin path",
    async (_label, route, path, params) => {
      const method = path.endsWith("restore") ? "POST" : "GET";
      await expectAnswer(await call(route, path, { method, params, cookie: operator }), 404, {
        message: "Not found",
      });
      await expectAnswer(await call(route, path, { method, params, cookie: "" }), 401, {
        message: "Unauthorized",
      });
    },
  );
});

describe("every history endpoint", () => {
  it("is in the OpenAPI table: revisions and restore for twelve kinds of record, and the trash", () => {
    // 23, the regulatory status and risk warnings' revisions and restore (issue 37), and the cookie register's (issue 39).
    expect(HISTORY_ENDPOINTS).toHaveLength(29);
  });

  it.each(
    HISTORY_ENDPOINTS.map(
      (endpoint) => [`${endpoint.method.toUpperCase()} ${endpoint.path}`, endpoint] as const,
    ),
  )("%s: 401 signed out, private and never stored", async (_label, endpoint) => {
    const route = await apiRouteFor(endpoint.path);
    const { path, params } = filled(endpoint.path, { collection: "products" });
    await expectAnswer(
      await api(route, path, { method: endpoint.method.toUpperCase(), params, cookie: "" }),
      401,
      { message: "Unauthorized" },
    );
  });

  const made = async <T>(result: Promise<{ ok: true; record: T } | { ok: false }>): Promise<T> => {
    const outcome = await result;
    if (!outcome.ok) throw new Error("could not make a record");
    return outcome.record;
  };
  const slug = () => unique("history-kind");
  const publication = () => ({
    slug: slug(),
    title: "Kinds",
    summary: "S.",
    body: "B.",
    status: "draft" as const,
    publishAt: null,
  });
  /** For each kind of record: a new one, and how its own endpoints answer it. */
  const KINDS: [string, () => Promise<{ id: number }>, (id: number) => Promise<unknown>][] = [
    ["products", () => newProduct(), async (id) => productJson((await getProduct(id))!)],
    [
      "statistics",
      () => made(createStatistic({ label: "Kinds", value: "1", displayOrder: 80 }, actor)),
      async (id) => statisticJson((await getStatistic(id))!),
    ],
    [
      "menu-items",
      () =>
        made(
          createMenuItem(
            {
              menuType: "header",
              label: "Kinds",
              url: "/about",
              icon: null,
              displayOrder: 80,
              isActive: true,
              openInNewTab: false,
              parentId: null,
            },
            actor,
          ),
        ),
      async (id) => menuItemJson((await getMenuItem(id))!),
    ],
    [
      "posts",
      () => made(createPost({ ...publication(), category: "news" }, actor)),
      async (id) => jsonOf(await api(postItem, `/api/admin/posts/${id}`, { params: { id: String(id) } })),
    ],
    [
      "roles",
      () =>
        made(
          createRole(
            {
              ...publication(),
              team: "T",
              location: "London",
              employmentType: "full_time",
              closesAt: null,
              displayOrder: 80,
            },
            actor,
          ),
        ),
      async (id) => jsonOf(await api(roleItem, `/api/admin/roles/${id}`, { params: { id: String(id) } })),
    ],
    [
      "operators",
      () => made(createOperator({ email: `${slug()}@kestrelinsight.example`, name: "Kinds", role: "editor" }, actor)),
      async (id) => jsonOf(await api(operatorItem, `/api/admin/operators/${id}`, { params: { id: String(id) } })),
    ],
    [
      "redirects",
      () =>
        made(
          createRedirect(
            { from: `/${slug()}`, to: "/about", statusCode: 301, note: "", confirmShadow: false },
            actor,
          ),
        ),
      async (id) => redirectJson((await getRedirect(id))!),
    ],
  ];

  it.each(KINDS)(
    "%s: lists a new record's first version, and restoring it answers the record as its own endpoints do",
    async (name, create, ownJson) => {
      const { id } = await create();
      const { path, params } = filled(`/api/admin/${name}/{id}/revisions`, { id: String(id) });
      const listed = await api(await apiRouteFor(`/api/admin/${name}/{id}/revisions`), path, { params });
      expect(listed.status).toBe(200);
      const page = await jsonOf<RevisionPage>(listed);
      expect(revisionPage.safeParse(page).success).toBe(true);
      expect(page).toMatchObject({
        total: 1,
        items: [{ version: 1, actorEmail: "seed@kestrelinsight.example" }],
      });

      const restore = filled(`/api/admin/${name}/{id}/revisions/{version}/restore`, {
        id: String(id),
        version: "1",
      });
      const restored = await api(
        await apiRouteFor(`/api/admin/${name}/{id}/revisions/{version}/restore`),
        restore.path,
        {
          method: "POST",
          params: restore.params,
          json: { expectedVersion: 1 },
        },
      );
      expect(restored.status).toBe(200);
      const record = await jsonOf<{ id: number; version: number }>(restored);
      expect(record).toMatchObject({ id, version: 2 });
      expect(record).toEqual(await ownJson(id));
    },
  );
});

describe("a settings record's versions: the hero", () => {
  it("lists its versions newest first, and restores one as a new version", async () => {
    const before = await getHeroContent();
    const { version: _version, ...fields } = before;
    const broken = await updateHeroContent({ ...fields, title: "Broken title" }, actor);
    if (!broken.ok) throw new Error("could not update the hero");
    const good = before.version;

    const listed = await api(heroRevisions, "/api/admin/hero-content/revisions");
    expect(listed.status).toBe(200);
    const page = await jsonOf<RevisionPage>(listed);
    expect(revisionPage.safeParse(page).success).toBe(true);
    expect(page).toMatchObject({ page: 1, pageCount: 1 });
    expect(page.total).toBe(page.items.length);
    expect(page.items.map((item) => item.version)).toEqual(
      [...page.items.map((item) => item.version)].sort((a, b) => b - a),
    );
    const [newest] = page.items;
    expect(Object.keys(newest!).sort()).toEqual([
      "actorEmail",
      "changedFields",
      "createdAt",
      "note",
      "values",
      "version",
    ]);
    expect(newest).toMatchObject({
      version: broken.record.version,
      actorEmail: "seed@kestrelinsight.example",
      changedFields: ["title"],
    });
    expect(newest!.values).toMatchObject({ title: "Broken title" });
    expect(revisionRecord.safeParse(newest).success).toBe(true);

    // A stale restore is refused like any stale save: the same 409 as the other writes.
    const stale = await api(heroRestore, `/api/admin/hero-content/revisions/${good}/restore`, {
      method: "POST",
      params: { version: String(good) },
      json: { expectedVersion: good },
    });
    expect(stale.status).toBe(409);
    const refusal = await jsonOf<{ message: string }>(stale);
    expect(Object.keys(refusal)).toEqual(["message"]);
    expect(refusal.message).toMatch(/seed@kestrelinsight\.example/);
    expect((await getHeroContent()).title).toBe("Broken title");

    const restored = await api(heroRestore, `/api/admin/hero-content/revisions/${good}/restore`, {
      method: "POST",
      params: { version: String(good) },
      json: { expectedVersion: broken.record.version },
    });
    expect(restored.status).toBe(200);
    const record = await jsonOf(restored);
    expect(record).toEqual(heroJson(await getHeroContent()));
    expect(record).toMatchObject({ title: before.title, version: broken.record.version + 1 });
    // The public read shows it again, exactly as the restore answered it.
    expect(await jsonOf(await call(publicHero, "/api/hero-content"))).toEqual(record);

    const after = await jsonOf<RevisionPage>(await api(heroRevisions, "/api/admin/hero-content/revisions"));
    expect(after.items[0]).toMatchObject({
      version: broken.record.version + 1,
      note: `Restored version ${good}`,
      actorEmail: "admin@kestrelinsight.example",
    });
  });

  it("the SEO and company settings list theirs too", async () => {
    for (const [route, path] of [
      [seoRevisions, "/api/admin/seo-settings/revisions"],
      [companyRevisions, "/api/admin/company-settings/revisions"],
    ] as const) {
      const response = await api(route, path);
      expect(response.status).toBe(200);
      expect(revisionPage.safeParse(await jsonOf(response)).success).toBe(true);
    }
  });

  it("a version that was never kept, or is not a number, is 404; the body is checked", async () => {
    for (const version of ["99999", "0", "x"]) {
      await expectAnswer(
        await api(heroRestore, `/api/admin/hero-content/revisions/${version}/restore`, {
          method: "POST",
          params: { version },
        }),
        404,
        { message: "Version not found" },
      );
    }
    const { version } = await getHeroContent();
    const path = `/api/admin/hero-content/revisions/${version}/restore`;
    const options = { method: "POST", params: { version: String(version) } };
    await expectAnswer(await api(heroRestore, path, { ...options, json: { expectedVersion: "1" } }), 400);
    await expectAnswer(await api(heroRestore, path, { ...options, json: { version: 1 } }), 400, {
      message: "Validation failed",
      errors: { version: ["Unknown field"] },
    });
    await expectAnswer(
      await api(heroRestore, path, {
        ...options,
        body: "{",
        headers: { "Content-Type": "application/json" },
      }),
      400,
    );
    await expectAnswer(
      await api(heroRestore, path, {
        ...options,
        body: "expectedVersion=1",
        headers: { "Content-Type": "text/plain" },
      }),
      415,
    );
    await expectAnswer(
      await api(heroRevisions, "/api/admin/hero-content/revisions", { search: "?page=0" }),
      400,
    );
    await expectAnswer(
      await api(heroRevisions, "/api/admin/hero-content/revisions", { search: "?page=50" }),
      404,
      { message: "No such page" },
    );
  });
});

describe("a record's versions: a product", () => {
  it("lists them, and restores one with no body (overwriting) as the record's own GET answers it", async () => {
    const product = await newProduct();
    const edited = await updateProduct(
      product.id,
      { name: product.name, description: "Second words.", url: product.url, badge: null, displayOrder: 30 },
      actor,
    );
    if (!edited.ok) throw new Error("could not update the product");
    const params = { id: String(product.id) };

    const page = await jsonOf<RevisionPage>(
      await api(productRevisions, `/api/admin/products/${product.id}/revisions`, { params }),
    );
    expect(page).toMatchObject({ page: 1, pageCount: 1, total: 2 });
    expect(page.items.map((item) => [item.version, item.changedFields])).toEqual([
      [2, ["description"]],
      [1, expect.arrayContaining(["name", "description", "url", "badge", "displayOrder"])],
    ]);
    expect(page.items[1]!.values).toEqual({
      name: product.name,
      description: "First words.",
      url: "/platforms",
      badge: null,
      displayOrder: 30,
      riskClass: "mainstream",
      riskSummary: "",
    });

    const restored = await api(productRestore, `/api/admin/products/${product.id}/revisions/1/restore`, {
      method: "POST",
      params: { ...params, version: "1" },
    });
    expect(restored.status).toBe(200);
    const record = await jsonOf<{ id: number; description: string; version: number }>(restored);
    expect(record).toEqual(productJson((await getProduct(product.id))!));
    expect(record).toMatchObject({ id: product.id, description: "First words.", version: 3 });
    const visitors = await jsonOf<{ id: number }[]>(await call(publicProducts, "/api/products"));
    expect(visitors.find((p) => p.id === product.id)).toEqual(record);

    // Stale: the client saw version 2, the record is at 3 now.
    const stale = await api(productRestore, `/api/admin/products/${product.id}/revisions/2/restore`, {
      method: "POST",
      params: { ...params, version: "2" },
      json: { expectedVersion: 2 },
    });
    expect(stale.status).toBe(409);
    expect(Object.keys(await jsonOf(stale))).toEqual(["message"]);
    expect((await getProduct(product.id))!.version).toBe(3);
  });

  it("an unknown record, an id that is not one, and a version it never had are 404", async () => {
    for (const id of ["99999999", "abc", "0"]) {
      await expectAnswer(
        await api(productRevisions, `/api/admin/products/${id}/revisions`, { params: { id } }),
        404,
        { message: "Product not found" },
      );
      await expectAnswer(
        await api(productRestore, `/api/admin/products/${id}/revisions/1/restore`, {
          method: "POST",
          params: { id, version: "1" },
        }),
        404,
        { message: "Product not found" },
      );
    }
    const product = await newProduct();
    await expectAnswer(
      await api(productRestore, `/api/admin/products/${product.id}/revisions/7/restore`, {
        method: "POST",
        params: { id: String(product.id), version: "7" },
      }),
      404,
      { message: "Version not found" },
    );
  });

  it("old values that are no longer valid get the API's answer for an invalid write", async () => {
    const make = async (label: string, parentId: string | null) => {
      const made = await createMenuItem(
        {
          menuType: "sidebar",
          label,
          url: "/about",
          icon: null,
          displayOrder: 60,
          isActive: true,
          openInNewTab: false,
          parentId,
        },
        actor,
      );
      if (!made.ok) throw new Error(`could not create ${label}`);
      return made.record;
    };
    const parent = await make(unique("Parent"), null);
    const item = await make("Nested", String(parent.id));
    const moved = await updateMenuItem(
      item.id,
      {
        menuType: "sidebar",
        label: "Nested",
        url: "/about",
        icon: null,
        displayOrder: 60,
        isActive: true,
        openInNewTab: false,
        parentId: null,
      },
      actor,
    );
    expect(moved.ok).toBe(true);
    expect((await deleteMenuItem(parent.id, actor)).ok).toBe(true);
    const params = { id: String(item.id) };

    // A menu item's kept parentId reads as the API writes it: a string.
    const page = await jsonOf<RevisionPage>(
      await api(menuRevisions, `/api/admin/menu-items/${item.id}/revisions`, { params }),
    );
    expect(page.items.map((revision) => revision.values.parentId)).toEqual([null, String(parent.id)]);

    const refused = await api(menuRestore, `/api/admin/menu-items/${item.id}/revisions/1/restore`, {
      method: "POST",
      params: { ...params, version: "1" },
    });
    expect(refused.status).toBe(400);
    const answer = await jsonOf<{ message: string; errors: Record<string, string[]> }>(refused);
    expect(answer.message).toBe("Validation failed");
    expect(Object.keys(answer.errors)).toEqual(["parentId"]);
    expect((await getMenuItem(item.id))!.parentId).toBeNull();
  });
});

describe("the trash", () => {
  it("lists a deleted record, restores it with the same id, and a second restore is 404", async () => {
    const product = await newProduct();
    await expectAnswer(
      await call(productItem, `/api/admin/products/${product.id}`, {
        method: "DELETE",
        params: { id: String(product.id) },
        cookie: operator,
      }),
      204,
    );

    const listed = await api(trashList, "/api/admin/trash");
    expect(listed.status).toBe(200);
    const entries = await jsonOf<{ collection: string; id: number }[]>(listed);
    const entry = entries.find((e) => e.collection === "products" && e.id === product.id)!;
    expect(trashEntryRecord.strict().safeParse(entry).success).toBe(true);
    expect(entry).toMatchObject({
      label: product.name,
      deletedBy: "admin@kestrelinsight.example",
      childCount: 0,
    });
    const { deletedAt, purgeAt } = entry as unknown as { deletedAt: string; purgeAt: string };
    expect(new Date(purgeAt).getTime() - new Date(deletedAt).getTime()).toBe(30 * 86_400_000);
    // Newest first.
    expect(entries[0]).toEqual(entry);

    const params = { collection: "products", id: String(product.id) };
    const restored = await api(trashRestore, `/api/admin/trash/products/${product.id}/restore`, {
      method: "POST",
      params,
    });
    expect(restored.status).toBe(200);
    const record = await jsonOf(restored);
    expect(record).toEqual(productJson((await getProduct(product.id))!));
    expect(record).toMatchObject({ id: product.id, name: product.name, description: product.description });

    await expectAnswer(
      await api(trashRestore, `/api/admin/trash/products/${product.id}/restore`, { method: "POST", params }),
      404,
      {
        message: "Not in the trash",
      },
    );
  });

  it("a post whose slug is taken now stays in the trash: the API's answer for an invalid write", async () => {
    const slug = unique("api-trash");
    const fields = {
      slug,
      title: "Away",
      summary: "S.",
      body: "B.",
      category: "news" as const,
      status: "draft" as const,
      publishAt: null,
    };
    const first = await createPost(fields, actor);
    if (!first.ok) throw new Error("could not create a post");
    expect((await deletePost(first.record.id, actor)).ok).toBe(true);
    expect((await createPost(fields, actor)).ok).toBe(true);

    const params = { collection: "posts", id: String(first.record.id) };
    await expectAnswer(
      await api(trashRestore, `/api/admin/trash/posts/${first.record.id}/restore`, {
        method: "POST",
        params,
      }),
      400,
      {
        message: "Validation failed",
        errors: { slug: [POST_MESSAGES.slugTaken(slug)] },
      },
    );
    expect(await getTrashEntry("posts", first.record.id)).not.toBeNull();
  });

  it("deletes permanently with its history: 204, then 404", async () => {
    const product = await newProduct();
    expect((await deleteProduct(product.id, actor)).ok).toBe(true);
    const params = { collection: "products", id: String(product.id) };
    const path = `/api/admin/trash/products/${product.id}`;
    const deleted = await api(trashItem, path, { method: "DELETE", params });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    expect(await getTrashEntry("products", product.id)).toBeNull();
    expect(await listRevisions("product", product.id)).toEqual([]);
    await expectAnswer(await api(trashItem, path, { method: "DELETE", params }), 404, {
      message: "Not in the trash",
    });
  });

  it("a collection or id that is not one is 404", async () => {
    for (const [collection, id] of [
      ["users", "1"],
      ["products", "x"],
      ["products", "0"],
    ] as const) {
      const params = { collection, id };
      await expectAnswer(
        await api(trashItem, `/api/admin/trash/${collection}/${id}`, { method: "DELETE", params }),
        404,
        { message: "Not in the trash" },
      );
      await expectAnswer(
        await api(trashRestore, `/api/admin/trash/${collection}/${id}/restore`, { method: "POST", params }),
        404,
        {
          message: "Not in the trash",
        },
      );
    }
  });
});
