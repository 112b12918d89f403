import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { listRecentActivity } from "~/models/audit.server";
import { setClock } from "~/models/clock.server";
import { getPost, getPostBySlug } from "~/models/posts.server";
import { listPreviewLinks, resolvePreviewToken } from "~/models/preview-links.server";
import { redirectTable } from "~/models/redirects.server";
import { getRole, getRoleBySlug, liveRoles } from "~/models/roles.server";
import * as careers from "~/routes/admin.careers";
import * as roleDelete from "~/routes/admin.careers.$id.delete";
import * as roleEdit from "~/routes/admin.careers_.$id.edit";
import * as roleNew from "~/routes/admin.careers_.new";
import * as news from "~/routes/admin.news";
import * as postDelete from "~/routes/admin.news.$id.delete";
import * as postEdit from "~/routes/admin.news_.$id.edit";
import * as postNew from "~/routes/admin.news_.new";
import { POST_MESSAGES } from "~/schemas/post";
import { PUBLICATION_MESSAGES } from "~/schemas/publication";
import { ROLE_MESSAGES } from "~/schemas/role";
import { readToast } from "~/server/forms/toast.server";
import type { PreviewReply } from "~/server/forms/publishing-action.server";
import { toLondonLocal } from "~/utils/london-time";
import { invoke, operatorCookie, SITE, type RouteHandlers } from "../helpers/api-client";

let ada: string;
let bob: string;
beforeAll(async () => {
  ada = await operatorCookie("admin@kestrelinsight.example");
  bob = await operatorCookie("bob@ops.kestrelinsight.example");
});
afterEach(() => setClock(null));

interface Options {
  cookie?: string;
  params?: Record<string, string>;
  search?: string;
}

const get = (route: RouteHandlers, path: string, options: Options = {}) => invoke(route, path, { cookie: ada, ...options });

const post = (route: RouteHandlers, path: string, fields: Record<string, string>, options: Options = {}) =>
  invoke(route, path, { cookie: ada, ...options, method: "POST", body: new URLSearchParams(fields) });

function body<T>(result: unknown): T {
  const value = result as { type?: string; data?: unknown };
  return (value?.type === "DataWithResponseInit" ? value.data : value) as T;
}

function reply(result: unknown) {
  const answer = body<AdminFormReply>(result);
  const errors = answer.result.error ?? {};
  return { errors, formErrors: errors[""] ?? [], values: answer.result.initialValue ?? {}, merge: answer.merge };
}

async function redirected(result: unknown) {
  if (!(result instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(body(result))}`);
  const cookie = result.headers.getSetCookie().find((c) => c.startsWith("kestrel_toast="))?.split(";")[0];
  const { toast } = await readToast(new Request(SITE, { headers: cookie ? { Cookie: cookie } : {} }));
  return { status: result.status, location: result.headers.get("Location"), toast };
}

const success = (description: string) => ({ title: "Success", description });
const failure = (description: string) => ({ title: "Error", description, variant: "destructive" });

/** A unique slug for this run (tests share one database). */
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

/** A London datetime-local value `minutes` from now. */
const inMinutes = (minutes: number) => toLondonLocal(new Date(Date.now() + minutes * 60_000));

async function audited(entity: string, id: number, pattern: RegExp) {
  const activity = await listRecentActivity(50);
  expect(activity.some((entry) => entry.entity === entity && entry.entityId === String(id) && pattern.test(entry.summary))).toBe(true);
}

describe("signed out, the publishing admin does not exist", () => {
  const routes: [string, RouteHandlers, string, Record<string, string>?][] = [
    ["news list", news, "/admin/news"],
    ["new post", postNew, "/admin/news/new"],
    ["edit post", postEdit, "/admin/news/1/edit", { id: "1" }],
    ["delete post", postDelete, "/admin/news/1/delete", { id: "1" }],
    ["careers list", careers, "/admin/careers"],
    ["new role", roleNew, "/admin/careers/new"],
    ["edit role", roleEdit, "/admin/careers/1/edit", { id: "1" }],
    ["delete role", roleDelete, "/admin/careers/1/delete", { id: "1" }],
  ];
  it.each(routes)("%s: loader and action answer 404", async (_name, route, path, params = {}) => {
    expect((await get(route, path, { cookie: "", params })).status).toBe(404);
    if (route.action) {
      for (const intent of ["save", "create-preview", "delete-preview", "close"]) {
        expect((await post(route, path, { intent, title: "x" }, { cookie: "", params })).status).toBe(404);
      }
    }
  });
});

describe("the newsroom list", () => {
  it("lists posts with their status, filters by state and category, and pages", async () => {
    const { status, result } = await get(news, "/admin/news");
    expect(status).toBe(200);
    const data = body<{ total: number; posts: { title: string; category: string; status: { label: string }; path: string }[] }>(result);
    expect(data.total).toBeGreaterThanOrEqual(13);
    expect(data.posts[0]).toMatchObject({ path: expect.stringMatching(/^\/newsroom\//) });

    const research = body<typeof data>((await get(news, "/admin/news", { search: "?state=published&category=research_note" })).result);
    expect(research.posts.length).toBeGreaterThan(0);
    for (const row of research.posts) {
      expect(row.category).toBe("Research note");
      expect(row.status.label).toMatch(/^Published \d{1,2} \w+ \d{4}$/);
    }
    const unknown = body<{ filters: { state: string } }>((await get(news, "/admin/news", { search: "?state=bogus" })).result);
    expect(unknown.filters.state).toBe("");
    const far = body<{ page: number; pageCount: number }>((await get(news, "/admin/news", { search: "?page=999" })).result);
    expect(far.page).toBe(far.pageCount);
  });
});

describe("the post editor", () => {
  const fields = (slug: string) => ({
    intent: "save",
    title: "Admin screens post",
    slug,
    summary: "A post written through the admin.",
    body: "## Heading\n\nSome **bold** words.",
    category: "news",
    publishAt: "",
  });

  it("answers every validation message per field", async () => {
    const empty = await post(postNew, "/admin/news/new", { intent: "save", title: "", summary: "", body: "", category: "nope", status: "draft" });
    expect(empty.status).toBe(400);
    expect(reply(empty.result).errors).toMatchObject({
      title: [POST_MESSAGES.titleRequired],
      summary: [POST_MESSAGES.summaryRequired],
      body: [POST_MESSAGES.bodyRequired],
      category: [POST_MESSAGES.category],
    });
    const badSlug = await post(postNew, "/admin/news/new", { ...fields("Not A Slug!"), publishAt: "next tuesday", status: "draft" });
    expect(reply(badSlug.result).errors).toMatchObject({
      slug: [PUBLICATION_MESSAGES.slugFormat],
      publishAt: [PUBLICATION_MESSAGES.dateTime],
    });
    const seeded = (await getPost(1))!;
    const taken = await post(postNew, "/admin/news/new", { ...fields(seeded.slug), status: "draft" });
    expect(taken.status).toBe(400);
    expect(reply(taken.result).errors).toEqual({ slug: [POST_MESSAGES.slugTaken(seeded.slug)] });
  });

  it("creates a draft, schedules, publishes, unpublishes, refuses a stale save and deletes, each audited", async () => {
    const slug = unique("admin-post");
    const created = await redirected((await post(postNew, "/admin/news/new", { ...fields(slug), status: "draft" })).result);
    const draft = (await getPostBySlug(slug))!;
    expect(created).toEqual({ status: 302, location: `/admin/news/${draft.id}/edit`, toast: success("Post created successfully!") });
    expect(draft).toMatchObject({ status: "draft", publishedAt: null, authorName: "Kestrel Insight Newsroom" });
    await audited("post", draft.id, /./);

    const params = { id: String(draft.id) };
    const path = `/admin/news/${draft.id}/edit`;
    const loaded = body<{ post: { version: number; slug: string }; status: { label: string } }>((await get(postEdit, path, { params })).result);
    expect(loaded.status.label).toBe("Draft");

    const savedDraft = await redirected((await post(postEdit, path, { ...fields(slug), status: "draft", version: "1" }, { params })).result);
    expect(savedDraft.toast).toEqual(success("Post saved as draft."));

    const future = inMinutes(60 * 24 * 30);
    const scheduled = await redirected((await post(postEdit, path, { ...fields(slug), publishAt: future, status: "published", version: "2" }, { params })).result);
    expect(scheduled.toast).toEqual(success("Post scheduled successfully!"));
    const list = body<{ posts: { id: number; status: { label: string } }[] }>((await get(news, "/admin/news", { search: "?state=scheduled" })).result);
    expect(list.posts.find((p) => p.id === draft.id)?.status.label).toMatch(/^Scheduled for \d{1,2} \w+ \d{4}, \d{2}:\d{2} (GMT|BST)$/);

    const published = await redirected((await post(postEdit, path, { ...fields(slug), status: "published", version: "3" }, { params })).result);
    expect(published).toEqual({ status: 302, location: path, toast: success("Post published successfully!") });
    expect((await getPost(draft.id))!.publishedAt).not.toBeNull();

    const updated = await redirected((await post(postEdit, path, { ...fields(slug), title: "Retitled", status: "published", version: "4" }, { params })).result);
    expect(updated.toast).toEqual(success("Post updated successfully!"));

    // Bob saves first; Ada's copy (version 5) is then stale.
    await post(postEdit, path, { ...fields(slug), summary: "Bob's summary", status: "published", version: "5" }, { params, cookie: bob });
    const stale = await post(postEdit, path, { ...fields(slug), summary: "Ada's summary", status: "published", version: "5" }, { params });
    expect(stale.status).toBe(409);
    const refused = reply(stale.result);
    expect(refused.formErrors[0]).toMatch(/bob@ops\.kestrelinsight\.example/);
    expect(refused.values).toMatchObject({ summary: "Ada's summary" });
    expect(refused.merge).toEqual({
      version: 6,
      fields: [
        { name: "summary", label: "Summary", mine: "Ada's summary", current: "Bob's summary", bothChanged: true, defaultChoice: "mine" },
      ],
    });
    expect((await getPost(draft.id))!.summary).toBe("Bob's summary");

    const unpublished = await redirected((await post(postEdit, path, { ...fields(slug), status: "draft", version: "6" }, { params })).result);
    expect(unpublished.toast).toEqual(success("Post unpublished successfully!"));
    expect((await getPost(draft.id))!.status).toBe("draft");

    const confirm = body<{ name: string }>((await get(postDelete, `/admin/news/${draft.id}/delete`, { params })).result);
    expect(confirm.name).toBe("Admin screens post");
    const deleted = await redirected((await post(postDelete, `/admin/news/${draft.id}/delete`, {}, { params })).result);
    expect(deleted).toMatchObject({ status: 302, location: "/admin/news", toast: success("Post deleted successfully!") });
    expect(await getPost(draft.id)).toBeNull();
    await audited("post", draft.id, /./);
    const again = await redirected((await post(postDelete, `/admin/news/${draft.id}/delete`, {}, { params })).result);
    expect(again.toast).toEqual(failure("Failed to delete post. Please try again."));
  });

  it("makes a preview link shown once, which opens the draft until deleted", async () => {
    const slug = unique("preview-post");
    await post(postNew, "/admin/news/new", { ...fields(slug), status: "draft" });
    const draft = (await getPostBySlug(slug))!;
    const params = { id: String(draft.id) };
    const path = `/admin/news/${draft.id}/edit`;
    const made = await post(postEdit, path, { intent: "create-preview" }, { params });
    expect(made.status).toBe(200);
    const { previewUrl } = body<PreviewReply>(made.result);
    expect(previewUrl).toMatch(new RegExp(`/newsroom/${slug}\\?preview=[A-Za-z0-9_-]{43}$`));
    const token = new URL(previewUrl!).searchParams.get("preview")!;
    expect(await resolvePreviewToken("post", token)).toBe(draft.id);
    await audited("post", draft.id, /Created a preview link/);

    const links = body<{ links: { id: number; createdBy: string }[] }>((await get(postEdit, path, { params })).result).links;
    expect(links).toHaveLength(1);
    expect(links[0]!.createdBy).toBe("admin@kestrelinsight.example");
    expect(JSON.stringify(links)).not.toContain(token);

    const removed = await redirected((await post(postEdit, path, { intent: "delete-preview", linkId: String(links[0]!.id) }, { params })).result);
    expect(removed).toEqual({ status: 302, location: path, toast: success("Preview link deleted successfully!") });
    expect(await resolvePreviewToken("post", token)).toBeNull();
    expect(await listPreviewLinks("post", draft.id)).toEqual([]);
    await audited("post", draft.id, /Revoked a preview link/);
  });

  it("renaming a published post answers its old address with a 301", async () => {
    const slug = unique("moving-post");
    await post(postNew, "/admin/news/new", { ...fields(slug), status: "published" });
    const live = (await getPostBySlug(slug))!;
    const params = { id: String(live.id) };
    const moved = `${slug}-moved`;
    const renamed = await redirected((await post(postEdit, `/admin/news/${live.id}/edit`, { ...fields(moved), status: "published", version: "1" }, { params })).result);
    expect(renamed.toast).toEqual(success("Post updated successfully!"));
    expect((await redirectTable()).get(`/newsroom/${slug}`)).toMatchObject({ to: `/newsroom/${moved}`, statusCode: 301 });
  });
});

describe("the careers admin", () => {
  const fields = (slug: string) => ({
    intent: "save",
    title: "Admin screens role",
    slug,
    team: "Engineering",
    location: "London (hybrid)",
    employmentType: "full_time",
    summary: "A role written through the admin.",
    body: "## About the role\n\n- Build things",
    publishAt: "",
    closesAt: "",
    displayOrder: "50",
  });

  it("lists roles with their status and filters by state", async () => {
    const data = body<{ total: number; roles: { status: { state: string } }[] }>((await get(careers, "/admin/careers", { search: "?state=published" })).result);
    expect(data.total).toBeGreaterThanOrEqual(1);
    expect(data.roles.every((role) => role.status.state === "published")).toBe(true);
  });

  it("answers every validation message per field", async () => {
    const empty = await post(roleNew, "/admin/careers/new", { intent: "save", title: "", team: "", location: "", employmentType: "", summary: "", body: "" });
    expect(empty.status).toBe(400);
    expect(reply(empty.result).errors).toMatchObject({
      title: [ROLE_MESSAGES.titleRequired],
      team: [ROLE_MESSAGES.teamRequired],
      location: [ROLE_MESSAGES.locationRequired],
      employmentType: [ROLE_MESSAGES.employmentType],
      summary: [ROLE_MESSAGES.summaryRequired],
      body: [ROLE_MESSAGES.bodyRequired],
    });
    const order = await post(roleNew, "/admin/careers/new", { ...fields(unique("r")), publishAt: "2030-01-02T09:00", closesAt: "2030-01-01T09:00" });
    expect(reply(order.result).errors).toEqual({ closesAt: [ROLE_MESSAGES.closesBeforePublish] });
    const seeded = (await getRole(1))!;
    const taken = await post(roleNew, "/admin/careers/new", fields(seeded.slug));
    expect(reply(taken.result).errors).toEqual({ slug: [ROLE_MESSAGES.slugTaken(seeded.slug)] });
  });

  it("creates, schedules, publishes, closes, refuses a stale save, previews and deletes a role", async () => {
    const slug = unique("admin-role");
    const created = await redirected((await post(roleNew, "/admin/careers/new", { ...fields(slug), status: "draft" })).result);
    const role = (await getRoleBySlug(slug))!;
    expect(created).toEqual({ status: 302, location: `/admin/careers/${role.id}/edit`, toast: success("Role created successfully!") });
    await audited("role", role.id, /./);
    const params = { id: String(role.id) };
    const path = `/admin/careers/${role.id}/edit`;

    const made = body<PreviewReply>((await post(roleEdit, path, { intent: "create-preview" }, { params })).result);
    const token = new URL(made.previewUrl!).searchParams.get("preview")!;
    expect(await resolvePreviewToken("role", token)).toBe(role.id);

    const scheduled = await redirected((await post(roleEdit, path, { ...fields(slug), publishAt: inMinutes(90), status: "published", version: "1" }, { params })).result);
    expect(scheduled.toast).toEqual(success("Role scheduled successfully!"));

    const published = await redirected((await post(roleEdit, path, { ...fields(slug), status: "published", version: "2" }, { params })).result);
    expect(published.toast).toEqual(success("Role published successfully!"));
    expect((await liveRoles()).some((r) => r.id === role.id)).toBe(true);
    // Publishing ends the preview link.
    expect(await resolvePreviewToken("role", token)).toBeNull();

    const stale = await post(roleEdit, path, { ...fields(slug), status: "published", version: "1" }, { params });
    expect(stale.status).toBe(409);

    const closed = await redirected((await post(roleEdit, path, { intent: "close", version: "3" }, { params })).result);
    expect(closed).toEqual({ status: 302, location: path, toast: success("Role closed successfully!") });
    expect((await liveRoles()).some((r) => r.id === role.id)).toBe(false);
    const closedView = body<{ status: { state: string; label: string } }>((await get(roleEdit, path, { params })).result).status;
    expect(closedView).toMatchObject({ state: "closed", label: expect.stringMatching(/^Closed on /) });
    await audited("role", role.id, /./);

    const deleted = await redirected((await post(roleDelete, `/admin/careers/${role.id}/delete`, {}, { params })).result);
    expect(deleted.toast).toMatchObject(success("Role deleted successfully!"));
    expect(await getRole(role.id)).toBeNull();
  });
});
