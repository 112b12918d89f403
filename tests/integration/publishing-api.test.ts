import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setClock } from "~/models/clock.server";
import { redirectTable } from "~/models/redirects.server";
import * as adminLegal from "~/routes/api.admin.legal-documents.$key";
import * as legal from "~/routes/api.legal-documents.$key";
import * as legalVersions from "~/routes/api.legal-documents.$key.versions";
import * as posts from "~/routes/api.posts";
import * as post from "~/routes/api.posts.$slug";
import * as roles from "~/routes/api.roles";
import * as role from "~/routes/api.roles.$slug";
import { LEGAL_MESSAGES } from "~/schemas/legal-document";
import { POST_MESSAGES } from "~/schemas/post";
import { PUBLICATION_MESSAGES } from "~/schemas/publication";
import { ROLE_MESSAGES } from "~/schemas/role";
import { API_MESSAGES } from "~/server/api/api.server";
import {
  legalDocumentAdmin,
  legalDocumentRecord,
  legalVersionRecord,
  legalVersionSummary,
  postAdminPage,
  postAdminRecord,
  postPage,
  postRecord,
  roleAdminPage,
  roleAdminRecord,
  roleRecord,
} from "~/server/api/publishing-resources.server";
import { call, jsonOf, operatorCookie, SITE, type CallOptions, type RouteHandlers } from "../helpers/api-client";
import * as collectionItemRoute from "~/routes/api.admin.$collection.$id";
import { withParams } from "../helpers/route-modules";
import * as collectionRoute from "~/routes/api.admin.$collection";

const adminPosts = withParams(collectionRoute, { collection: "posts" });
const adminRoles = withParams(collectionRoute, { collection: "roles" });

const adminPost = withParams(collectionItemRoute, { collection: "posts" });
const adminRole = withParams(collectionItemRoute, { collection: "roles" });

type Json = Record<string, unknown>;

let operator: string;
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

beforeAll(async () => {
  operator = await operatorCookie();
});
afterEach(() => setClock(null));

const asOperator = (options: CallOptions = {}): CallOptions => ({ ...options, cookie: operator });

const postBody = (overrides: Json = {}): Json => ({
  title: "Quarterly update",
  slug: unique("quarterly-update"),
  summary: "What happened this quarter.",
  body: "## Results\n\nAll good.",
  category: "news",
  status: "published",
  ...overrides,
});
const roleBody = (overrides: Json = {}): Json => ({
  title: "Data engineer",
  slug: unique("data-engineer"),
  team: "Engineering",
  location: "London",
  employmentType: "full_time",
  summary: "Build the pipelines.",
  body: "## The role\n\nPipelines.",
  status: "published",
  ...overrides,
});

async function createdPost(overrides: Json = {}): Promise<Json> {
  const response = await call(adminPosts, "/api/admin/posts", asOperator({ method: "POST", json: postBody(overrides) }));
  expect(response.status).toBe(201);
  return jsonOf(response);
}
async function createdRole(overrides: Json = {}): Promise<Json> {
  const response = await call(adminRoles, "/api/admin/roles", asOperator({ method: "POST", json: roleBody(overrides) }));
  expect(response.status).toBe(201);
  return jsonOf(response);
}
const getPublicPost = (slug: string) => call(post, `/api/posts/${slug}`, { params: { slug } });
const getPublicRole = (slug: string) => call(role, `/api/roles/${slug}`, { params: { slug } });

async function expectFieldError(response: Response, field: string, message: string) {
  expect(response.status).toBe(400);
  const body = await jsonOf<{ message: string; errors: Record<string, string[]> }>(response);
  expect(body.message).toBe(API_MESSAGES.validation);
  expect(body.errors[field]).toContain(message);
}

describe("public reads", () => {
  it("GET /api/posts: page 1 of the live posts, newest first, with pagination and a Link to the next page", async () => {
    const response = await call(posts, "/api/posts");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    expect(response.headers.get("ETag")).toBeTruthy();
    const body = postPage.parse(await jsonOf(response));
    expect(body.page).toBe(1);
    expect(body.items).toHaveLength(10);
    expect(body.total).toBeGreaterThanOrEqual(13);
    expect(body.pageCount).toBe(Math.ceil(body.total / 10));
    const times = body.items.map((item) => Date.parse(item.publishedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(body.items[0]!.url).toBe(`${SITE}/newsroom/${body.items[0]!.slug}`);
    expect(body.items[0]!.body.length).toBeGreaterThan(0);
    expect(response.headers.get("Link")).toBe('</api/posts?page=2>; rel="next"');

    const again = await call(posts, "/api/posts", { headers: { "If-None-Match": response.headers.get("ETag")! } });
    expect(again.status).toBe(304);
  });

  it("GET /api/posts?page=2 is the rest; past the end is 404; a malformed page is 400", async () => {
    const second = await call(posts, "/api/posts", { search: "?page=2" });
    expect(second.status).toBe(200);
    const body = postPage.parse(await jsonOf(second));
    expect(body.page).toBe(2);
    expect(body.items.length).toBeGreaterThan(0);
    expect(second.headers.get("Link")).toContain('</api/posts>; rel="prev"');

    const past = await call(posts, "/api/posts", { search: `?page=${body.pageCount + 1}` });
    expect(past.status).toBe(404);
    expect(await jsonOf(past)).toEqual({ message: "No such page" });
    for (const page of ["0", "abc", "-1", "1.5"]) {
      const bad = await call(posts, "/api/posts", { search: `?page=${page}` });
      expect(bad.status, page).toBe(400);
      expect((await jsonOf<{ errors: Json }>(bad)).errors.page).toBeDefined();
    }
  });

  it("GET /api/posts/{slug} answers a live post; unknown is 404", async () => {
    const list = postPage.parse(await jsonOf(await call(posts, "/api/posts")));
    const response = await getPublicPost(list.items[0]!.slug);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    expect(postRecord.parse(await jsonOf(response))).toEqual(list.items[0]);
    expect((await getPublicPost("no-such-post")).status).toBe(404);
  });

  it("GET /api/roles and /api/roles/{slug}: the seeded open roles", async () => {
    const response = await call(roles, "/api/roles");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    const list = roleRecord.array().parse(await jsonOf(response));
    expect(list.length).toBeGreaterThanOrEqual(4);
    const one = await getPublicRole(list[0]!.slug);
    expect(roleRecord.parse(await jsonOf(one))).toEqual(list[0]);
    expect((await getPublicRole("no-such-role")).status).toBe(404);
  });

  it("GET /api/legal-documents/{key} and .../versions; an unknown key is 404", async () => {
    for (const key of ["privacy", "terms", "cookies"]) {
      const response = await call(legal, `/api/legal-documents/${key}`, { params: { key } });
      expect(response.status).toBe(200);
      expect(response.headers.get("ETag")).toBeTruthy();
      const document = legalDocumentRecord.parse(await jsonOf(response));
      expect(document).toMatchObject({ key, version: 1, effectiveDate: "2025-10-07" });
      const versions = await call(legalVersions, `/api/legal-documents/${key}/versions`, { params: { key } });
      expect(legalVersionSummary.array().parse(await jsonOf(versions))).toEqual([
        expect.objectContaining({ version: 1, effectiveDate: "2025-10-07" }),
      ]);
    }
    expect((await call(legal, "/api/legal-documents/refunds", { params: { key: "refunds" } })).status).toBe(404);
    expect(
      (await call(legalVersions, "/api/legal-documents/refunds/versions", { params: { key: "refunds" } })).status,
    ).toBe(404);
  });
});

describe("drafts and schedules stay out of the public reads", () => {
  it("a draft post is 404 and not listed; publishing it through PUT makes it readable by slug", async () => {
    const draft = await createdPost({ status: "draft", title: "Draft news" });
    expect(postAdminRecord.parse(draft)).toMatchObject({ status: "draft", state: "draft", publishedAt: null, version: 1 });
    expect((await getPublicPost(draft.slug as string)).status).toBe(404);
    const list = postPage.parse(await jsonOf(await call(posts, "/api/posts")));
    expect(list.items.map((item) => item.slug)).not.toContain(draft.slug);

    const put = await call(
      adminPost,
      `/api/admin/posts/${draft.id}`,
      asOperator({ method: "PUT", params: { id: String(draft.id) }, json: postBody({ slug: draft.slug, title: "Draft news", status: "published", version: 1 }) }),
    );
    expect(put.status).toBe(200);
    expect(postAdminRecord.parse(await jsonOf(put))).toMatchObject({ state: "published", version: 2 });
    const live = await getPublicPost(draft.slug as string);
    expect(live.status).toBe(200);
    expect(await jsonOf(live)).toMatchObject({ title: "Draft news", category: "news" });
    const newest = postPage.parse(await jsonOf(await call(posts, "/api/posts")));
    expect(newest.items[0]!.slug).toBe(draft.slug);
  });

  it("a post scheduled for a future publishAt appears at its time", async () => {
    const start = new Date();
    const at = new Date(start.getTime() + 3 * 24 * 3600 * 1000);
    const scheduled = await createdPost({ publishAt: at.toISOString(), title: "Scheduled news" });
    expect(scheduled).toMatchObject({ state: "scheduled", publishAt: at.toISOString(), publishedAt: at.toISOString() });
    expect((await getPublicPost(scheduled.slug as string)).status).toBe(404);

    setClock(() => new Date(at.getTime() + 1000));
    const live = await getPublicPost(scheduled.slug as string);
    expect(live.status).toBe(200);
    expect(await jsonOf(live)).toMatchObject({ publishedAt: at.toISOString() });
    const list = postPage.parse(await jsonOf(await call(posts, "/api/posts")));
    expect(list.items[0]!.slug).toBe(scheduled.slug);
  });

  it("draft, scheduled and closed roles are 404 and not listed; a role appears at its time and leaves at closesAt", async () => {
    const now = Date.now();
    const publishAt = new Date(now + 2 * 24 * 3600 * 1000);
    const closesAt = new Date(now + 5 * 24 * 3600 * 1000);
    const draft = await createdRole({ status: "draft" });
    const scheduled = await createdRole({ publishAt: publishAt.toISOString(), closesAt: closesAt.toISOString() });
    expect(roleAdminRecord.parse(scheduled).state).toBe("scheduled");
    const listed = async () => roleRecord.array().parse(await jsonOf(await call(roles, "/api/roles"))).map((r) => r.slug);
    for (const made of [draft, scheduled]) {
      expect((await getPublicRole(made.slug as string)).status).toBe(404);
      expect(await listed()).not.toContain(made.slug);
    }
    setClock(() => new Date(publishAt.getTime() + 1000));
    expect((await getPublicRole(scheduled.slug as string)).status).toBe(200);
    expect((await listed())[0]).toBe(scheduled.slug);
    setClock(() => new Date(closesAt.getTime() + 1000));
    expect((await getPublicRole(scheduled.slug as string)).status).toBe(404);
    expect(await listed()).not.toContain(scheduled.slug);
  });
});

describe("operator endpoints", () => {
  const ADMIN_CALLS: [string, RouteHandlers, string, CallOptions][] = [
    ["GET /api/admin/posts", adminPosts, "/api/admin/posts", {}],
    ["POST /api/admin/posts", adminPosts, "/api/admin/posts", { method: "POST", json: postBody() }],
    ["GET /api/admin/posts/1", adminPost, "/api/admin/posts/1", { params: { id: "1" } }],
    ["PUT /api/admin/posts/1", adminPost, "/api/admin/posts/1", { method: "PUT", params: { id: "1" }, json: postBody() }],
    ["DELETE /api/admin/posts/1", adminPost, "/api/admin/posts/1", { method: "DELETE", params: { id: "1" } }],
    ["GET /api/admin/roles", adminRoles, "/api/admin/roles", {}],
    ["POST /api/admin/roles", adminRoles, "/api/admin/roles", { method: "POST", json: roleBody() }],
    ["GET /api/admin/roles/1", adminRole, "/api/admin/roles/1", { params: { id: "1" } }],
    ["PUT /api/admin/roles/1", adminRole, "/api/admin/roles/1", { method: "PUT", params: { id: "1" }, json: roleBody() }],
    ["DELETE /api/admin/roles/1", adminRole, "/api/admin/roles/1", { method: "DELETE", params: { id: "1" } }],
    ["GET /api/admin/legal-documents/privacy", adminLegal, "/api/admin/legal-documents/privacy", { params: { key: "privacy" } }],
    [
      "PUT /api/admin/legal-documents/privacy",
      adminLegal,
      "/api/admin/legal-documents/privacy",
      { method: "PUT", params: { key: "privacy" }, json: { body: "x", effectiveDate: "2030-01-01", changeSummary: "x" } },
    ],
  ];

  it.each(ADMIN_CALLS)("%s without an operator session is 401 and changes nothing", async (_label, route, path, options) => {
    const response = await call(route, path, options);
    expect(response.status).toBe(401);
    expect(await jsonOf(response)).toEqual({ message: "Unauthorized" });
  });

  it("GET /api/admin/posts lists every status, filters by state and category, pages, and refuses bad filters", async () => {
    const draft = await createdPost({ status: "draft", category: "partnership" });
    const response = await call(adminPosts, "/api/admin/posts", asOperator({ search: "?state=draft&category=partnership" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const page = postAdminPage.parse(await jsonOf(response));
    expect(page.items.map((item) => item.id)).toContain(draft.id);
    expect(page.items.every((item) => item.state === "draft" && item.category === "partnership")).toBe(true);
    const all = postAdminPage.parse(await jsonOf(await call(adminPosts, "/api/admin/posts", asOperator())));
    expect(all.total).toBeGreaterThanOrEqual(14);
    expect((await call(adminPosts, "/api/admin/posts", asOperator({ search: "?state=gone" }))).status).toBe(400);
    expect((await call(adminPosts, "/api/admin/posts", asOperator({ search: "?category=sport" }))).status).toBe(400);
    expect((await call(adminPosts, "/api/admin/posts", asOperator({ search: "?page=999" }))).status).toBe(404);
  });

  it("POST /api/admin/posts answers 201 with the record and its Location; a blank slug is made from the title", async () => {
    const title = `Made from title ${unique("x")}`;
    const response = await call(
      adminPosts,
      "/api/admin/posts",
      asOperator({ method: "POST", json: postBody({ slug: "", title }) }),
    );
    expect(response.status).toBe(201);
    const record = postAdminRecord.parse(await jsonOf(response));
    expect(record.slug).toBe(title.toLowerCase().replace(/ /g, "-"));
    expect(response.headers.get("Location")).toBe(`/api/admin/posts/${record.id}`);
    // The newsroom's byline unless an author is given, never the operator's name (issue 38, defect 6).
    expect(record.authorName).toBe("Kestrel Insight Newsroom");
    const got = await call(adminPost, `/api/admin/posts/${record.id}`, asOperator({ params: { id: String(record.id) } }));
    expect(got.status).toBe(200);
    expect(await jsonOf(got)).toEqual(record);
    const bySlug = await getPublicPost(record.slug);
    expect(bySlug.status).toBe(200);
  });

  it("refuses each invalid post field with the editor's message", async () => {
    const cases: [Json, string, string][] = [
      [{ title: "" }, "title", POST_MESSAGES.titleRequired],
      [{ summary: "  " }, "summary", POST_MESSAGES.summaryRequired],
      [{ body: "" }, "body", POST_MESSAGES.bodyRequired],
      [{ category: "sport" }, "category", POST_MESSAGES.category],
      [{ slug: "Not A Slug" }, "slug", PUBLICATION_MESSAGES.slugFormat],
      [{ slug: "", title: "!!!" }, "slug", PUBLICATION_MESSAGES.slugFromTitle],
      [{ publishAt: "next tuesday" }, "publishAt", PUBLICATION_MESSAGES.dateTime],
      [{ status: "live" }, "status", PUBLICATION_MESSAGES.status],
      [{ colour: "red" }, "colour", API_MESSAGES.unknownField],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await call(adminPosts, "/api/admin/posts", asOperator({ method: "POST", json: postBody(overrides) }));
      await expectFieldError(response, field, message);
    }
    const missing = await call(adminPosts, "/api/admin/posts", asOperator({ method: "POST", json: { slug: "x" } }));
    expect(missing.status).toBe(400);
    expect((await jsonOf<{ errors: Json }>(missing)).errors).toMatchObject({
      title: [POST_MESSAGES.titleRequired],
      summary: [POST_MESSAGES.summaryRequired],
      body: [POST_MESSAGES.bodyRequired],
      category: [POST_MESSAGES.category],
    });
  });

  it("refuses a slug another post has (400 on slug)", async () => {
    const first = await createdPost();
    const response = await call(
      adminPosts,
      "/api/admin/posts",
      asOperator({ method: "POST", json: postBody({ slug: first.slug }) }),
    );
    await expectFieldError(response, "slug", POST_MESSAGES.slugTaken(first.slug as string));
  });

  it("PUT with a stale version is 409; unknown ids are 404; DELETE is 204 and then 404", async () => {
    const made = await createdPost();
    const id = String(made.id);
    const put = (json: Json) => call(adminPost, `/api/admin/posts/${id}`, asOperator({ method: "PUT", params: { id }, json }));
    expect((await put(postBody({ slug: made.slug, version: made.version }))).status).toBe(200);
    const stale = await put(postBody({ slug: made.slug, version: made.version }));
    expect(stale.status).toBe(409);
    expect((await jsonOf<{ message: string }>(stale)).message).toBeTruthy();

    for (const [method, json] of [["GET", undefined], ["PUT", postBody()], ["DELETE", undefined]] as const) {
      for (const missing of ["999999", "abc"]) {
        const response = await call(adminPost, `/api/admin/posts/${missing}`, asOperator({ method, params: { id: missing }, json }));
        expect(response.status, `${method} ${missing}`).toBe(404);
      }
    }
    const deleted = await call(adminPost, `/api/admin/posts/${id}`, asOperator({ method: "DELETE", params: { id } }));
    expect(deleted.status).toBe(204);
    expect((await getPublicPost(made.slug as string)).status).toBe(404);
    expect((await call(adminPost, `/api/admin/posts/${id}`, asOperator({ params: { id } }))).status).toBe(404);
  });

  it("renaming a published post's slug through PUT answers the old address with a 301 to the new one", async () => {
    const made = await createdPost();
    const renamed = unique("renamed");
    const id = String(made.id);
    const response = await call(
      adminPost,
      `/api/admin/posts/${id}`,
      asOperator({ method: "PUT", params: { id }, json: postBody({ slug: renamed }) }),
    );
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toMatchObject({ slug: renamed, url: `${SITE}/newsroom/${renamed}` });
    const rule = (await redirectTable()).get(`/newsroom/${made.slug as string}`);
    expect(rule).toMatchObject({ to: `/newsroom/${renamed}`, statusCode: 301 });
    expect((await getPublicPost(made.slug as string)).status).toBe(404);
    expect((await getPublicPost(renamed)).status).toBe(200);
  });

  it("roles: list, 201 create, GET, PUT (409 when stale), 400s, DELETE 204", async () => {
    const list = await call(adminRoles, "/api/admin/roles", asOperator({ search: "?state=published" }));
    expect(list.status).toBe(200);
    expect(roleAdminPage.parse(await jsonOf(list)).total).toBeGreaterThanOrEqual(4);
    expect((await call(adminRoles, "/api/admin/roles", asOperator({ search: "?state=gone" }))).status).toBe(400);

    const response = await call(adminRoles, "/api/admin/roles", asOperator({ method: "POST", json: roleBody() }));
    expect(response.status).toBe(201);
    const made = roleAdminRecord.parse(await jsonOf(response));
    expect(response.headers.get("Location")).toBe(`/api/admin/roles/${made.id}`);
    expect((await getPublicRole(made.slug)).status).toBe(200);
    const id = String(made.id);
    const got = await call(adminRole, `/api/admin/roles/${id}`, asOperator({ params: { id } }));
    expect(await jsonOf(got)).toEqual(made);

    const put = (json: Json) => call(adminRole, `/api/admin/roles/${id}`, asOperator({ method: "PUT", params: { id }, json }));
    const updated = await put(roleBody({ slug: made.slug, title: "Senior data engineer", version: made.version }));
    expect(updated.status).toBe(200);
    expect(await jsonOf(updated)).toMatchObject({ title: "Senior data engineer", version: made.version + 1 });
    expect((await put(roleBody({ slug: made.slug, version: made.version }))).status).toBe(409);

    const cases: [Json, string, string][] = [
      [{ title: "" }, "title", ROLE_MESSAGES.titleRequired],
      [{ team: "" }, "team", ROLE_MESSAGES.teamRequired],
      [{ location: "" }, "location", ROLE_MESSAGES.locationRequired],
      [{ employmentType: "gig" }, "employmentType", ROLE_MESSAGES.employmentType],
      [{ summary: "" }, "summary", ROLE_MESSAGES.summaryRequired],
      [{ body: "" }, "body", ROLE_MESSAGES.bodyRequired],
      [{ slug: "Bad_Slug" }, "slug", PUBLICATION_MESSAGES.slugFormat],
      [{ slug: made.slug }, "slug", ROLE_MESSAGES.slugTaken(made.slug)],
      [{ publishAt: "2026-13-45" }, "publishAt", PUBLICATION_MESSAGES.dateTime],
      [
        { publishAt: "2030-06-01T09:00:00Z", closesAt: "2030-05-01T09:00:00Z" },
        "closesAt",
        ROLE_MESSAGES.closesBeforePublish,
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await call(adminRoles, "/api/admin/roles", asOperator({ method: "POST", json: roleBody(overrides) }));
      await expectFieldError(response, field, message);
    }
    await expectFieldError(
      await put(roleBody({ publishAt: "2030-06-01T09:00:00Z", closesAt: "2030-06-01T09:00:00Z" })),
      "closesAt",
      ROLE_MESSAGES.closesBeforePublish,
    );

    expect((await call(adminRole, "/api/admin/roles/999999", asOperator({ params: { id: "999999" } }))).status).toBe(404);
    expect((await call(adminRole, `/api/admin/roles/${id}`, asOperator({ method: "DELETE", params: { id } }))).status).toBe(204);
    expect((await call(adminRole, `/api/admin/roles/${id}`, asOperator({ method: "DELETE", params: { id } }))).status).toBe(404);
  });

  it("PUT /api/admin/legal-documents/{key} adds version 2 (201), listed publicly once in effect; operators see it before", async () => {
    const key = "privacy";
    const put = (json: Json, k = key) =>
      call(adminLegal, `/api/admin/legal-documents/${k}`, asOperator({ method: "PUT", params: { key: k }, json }));
    const response = await put({ body: "## Changes {#changes}\n\nNew text.", effectiveDate: "2030-01-01", changeSummary: "Clearer wording" });
    expect(response.status).toBe(201);
    const version = legalVersionRecord.parse(await jsonOf(response));
    expect(version).toMatchObject({ key, version: 2, effectiveDate: "2030-01-01", inEffect: false, changeSummary: "Clearer wording" });

    const current = async () =>
      legalDocumentRecord.parse(await jsonOf(await call(legal, `/api/legal-documents/${key}`, { params: { key } })));
    const versions = async () =>
      legalVersionSummary
        .array()
        .parse(await jsonOf(await call(legalVersions, `/api/legal-documents/${key}/versions`, { params: { key } })));
    expect((await current()).version).toBe(1);
    expect((await versions()).map((v) => v.version)).toEqual([1]);

    const admin = await call(adminLegal, `/api/admin/legal-documents/${key}`, asOperator({ params: { key } }));
    expect(admin.status).toBe(200);
    expect(legalDocumentAdmin.parse(await jsonOf(admin))).toMatchObject({
      key,
      currentVersion: 1,
      versions: [expect.objectContaining({ version: 2, inEffect: false }), expect.objectContaining({ version: 1, inEffect: true })],
    });

    setClock(() => new Date("2030-01-01T00:00:01Z"));
    expect(await current()).toMatchObject({ version: 2, body: "## Changes {#changes}\n\nNew text.", effectiveDate: "2030-01-01" });
    expect(await versions()).toEqual([
      { version: 2, effectiveDate: "2030-01-01", changeSummary: "Clearer wording" },
      expect.objectContaining({ version: 1 }),
    ]);

    await expectFieldError(await put({ body: "", effectiveDate: "2030-01-01", changeSummary: "x" }), "body", LEGAL_MESSAGES.bodyRequired);
    await expectFieldError(await put({ body: "x", effectiveDate: "01/02/2030", changeSummary: "x" }), "effectiveDate", LEGAL_MESSAGES.effectiveDate);
    await expectFieldError(await put({ body: "x", effectiveDate: "2030-02-30", changeSummary: "x" }), "effectiveDate", LEGAL_MESSAGES.effectiveDate);
    await expectFieldError(await put({ body: "x", effectiveDate: "2030-01-01", changeSummary: " " }), "changeSummary", LEGAL_MESSAGES.changeSummaryRequired);
    expect((await put({ body: "x", effectiveDate: "2030-01-01", changeSummary: "x" }, "refunds")).status).toBe(404);
    expect((await call(adminLegal, "/api/admin/legal-documents/refunds", asOperator({ params: { key: "refunds" } }))).status).toBe(404);
  });
});
