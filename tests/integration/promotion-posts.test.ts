import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPost, getPost, type PostWrite } from "~/models/posts.server";
import { createRole, getRole } from "~/models/roles.server";
import {
  getPromotionVersion,
  pendingVersionOf,
  setApprovalRequired,
  snapshotHash,
} from "~/models/promotions.server";
import * as postsRoute from "~/routes/api.admin.$collection";
import * as postRoute from "~/routes/api.admin.$collection.$id";
import * as publicPostRoute from "~/routes/api.posts.$slug";
import * as postEditor from "~/routes/admin.news_.$id.edit";
import * as roleEditor from "~/routes/admin.careers_.$id.edit";
import { loader as feedLoader } from "~/routes/newsroom.feed[.]xml";
import { loader as searchLoader } from "~/routes/_site.search";
import { APPROVAL_MESSAGES, approvePromotion, withdrawPromotion } from "~/server/promotions/approvals.server";
import { setPublicPageRenderer } from "~/server/promotions/public-pages.server";
import { PENDING_APPROVAL_MESSAGE } from "~/utils/approvals";
import { call, invoke, jsonOf, operatorCookie } from "../helpers/api-client";
import { redirected } from "../helpers/form-answers";
import { withParams } from "../helpers/route-modules";
import { settle, testContext } from "../helpers/route-result";

/**
 * Issue 42, news posts and open roles: one an editor marks "This is a financial promotion" (a new product
 * update is marked by default) waits for a second person's approval before it is published or changed while
 * live; its post page, the feed and search keep what was approved. Drafts and unmarked records are saved as
 * before, and unpublishing never waits.
 */

const editor = { userId: null, email: "petra.posts@kestrelinsight.example" };
const approver = { userId: null, email: "arthur.approver@kestrelinsight.example" };
const admin = { userId: null, email: "admin@kestrelinsight.example" };

const apiPosts = withParams(postsRoute, { collection: "posts" });
const apiPost = withParams(postRoute, { collection: "posts" });

let editorCookie = "";
beforeAll(async () => {
  editorCookie = await operatorCookie(editor.email, "editor");
  setPublicPageRenderer(
    async (path) => `<html>${path}: ${await visitorPostBytes(path.split("/").pop() ?? "")}</html>`,
  );
});
afterAll(() => setPublicPageRenderer(null));
afterEach(async () => setApprovalRequired(false, admin));

async function visitorPostBytes(slug: string): Promise<string> {
  return (await call(withParams(publicPostRoute, { slug }), `/api/posts/${slug}`)).text();
}

const feedText = async () => ((await feedLoader()) as Response).text();

async function searchTitles(query: string): Promise<string[]> {
  const result = (await settle(() =>
    searchLoader({
      request: new Request(`http://localhost:3000/search?q=${encodeURIComponent(query)}`),
      params: {},
      context: testContext,
    }),
  )) as { body: { results?: { title: string }[] } };
  return (result.body.results ?? []).map((hit) => hit.title);
}

const postValues = (overrides: Partial<PostWrite>): PostWrite => ({
  title: "Portfolio Manager: what changed",
  slug: "portfolio-manager-what-changed",
  summary: "The beta's changes this month.",
  body: "The beta adds exports.",
  category: "product_update",
  status: "published",
  publishAt: null,
  coverImageId: null,
  ...overrides,
});

const editorForm = (values: Record<string, string>) => new URLSearchParams(values);

describe("news posts and roles marked as financial promotions, while approval is required", () => {
  it("a live product update edited in the post editor waits: its page, the feed and search keep the approved text until an approver approves", async () => {
    const made = await createPost(
      postValues({ slug: "pm-waits-for-approval", title: "Portfolio Manager opens exports" }),
      admin,
    );
    if (!made.ok) throw new Error("no post");
    const { id, version } = made.record;
    expect(made.record.financialPromotion).toBe(true);
    await setApprovalRequired(true, admin);
    const pageBefore = await visitorPostBytes("pm-waits-for-approval");
    const feedBefore = await feedText();

    const { status, result } = await invoke(
      withParams(postEditor, { id: String(id) }),
      `/admin/news/${id}/edit`,
      {
        method: "POST",
        params: { id: String(id) },
        cookie: editorCookie,
        body: editorForm({
          title: "Portfolio Manager doubles your returns",
          slug: "pm-waits-for-approval",
          summary: "The beta's changes this month.",
          body: "The beta adds exports.",
          category: "product_update",
          publishAt: "",
          coverImageId: "",
          financialPromotion: "off",
          status: "published",
          version: String(version),
        }),
      },
    );
    expect(status).toBe(302);
    expect((await redirected(result)).toast).toMatchObject({ description: PENDING_APPROVAL_MESSAGE });
    // Unticking the mark of a live promotion does not let the change past approval.
    expect((await getPost(id))!.title).toBe("Portfolio Manager opens exports");
    expect(await visitorPostBytes("pm-waits-for-approval")).toBe(pageBefore);
    expect(await feedText()).toBe(feedBefore);
    expect(await searchTitles("doubles your returns")).not.toContain(
      "Portfolio Manager doubles your returns",
    );

    const pendingId = (await latestPendingOf("posts", id))!;
    const approved = await approvePromotion(pendingId, approver, {
      rationale: "Checked against the beta's own figures.",
    });
    if (!approved.ok) throw new Error(`not approved: ${JSON.stringify(approved)}`);
    expect((await getPost(id))!.title).toBe("Portfolio Manager doubles your returns");
    expect(await visitorPostBytes("pm-waits-for-approval")).toContain(
      "Portfolio Manager doubles your returns",
    );
    expect(await feedText()).toContain("Portfolio Manager doubles your returns");
    expect(await searchTitles("doubles your returns")).toContain("Portfolio Manager doubles your returns");
    // The record keeps the post's own page, as a visitor was then sent it.
    expect(approved.record.pages.map((page) => page.path)).toEqual([
      "/newsroom",
      "/newsroom/pm-waits-for-approval",
    ]);
    expect(approved.record.snapshotSha256).toBe(snapshotHash(approved.record.pages));

    // Withdrawn: it leaves the site (its page is the API's 404).
    const withdrawn = await withdrawPromotion("posts", id, approver, {
      reason: "The returns claim is not substantiated.",
    });
    expect(withdrawn.ok).toBe(true);
    expect(
      (
        await call(
          withParams(publicPostRoute, { slug: "pm-waits-for-approval" }),
          "/api/posts/pm-waits-for-approval",
        )
      ).status,
    ).toBe(404);
  });

  it("through the API: a new product update published without a mark answers 202 and does not exist until approved; a draft is saved at once", async () => {
    await setApprovalRequired(true, admin);
    const published = await call(apiPosts, "/api/admin/posts", {
      method: "POST",
      cookie: editorCookie,
      json: {
        title: "A new platform update",
        slug: "a-new-platform-update",
        summary: "S.",
        body: "B.",
        category: "product_update",
        status: "published",
      },
    });
    expect(published.status).toBe(202);
    const { approval } = await jsonOf<{ approval: { id: number } }>(published);
    expect(
      (
        await call(
          withParams(publicPostRoute, { slug: "a-new-platform-update" }),
          "/api/posts/a-new-platform-update",
        )
      ).status,
    ).toBe(404);

    const draft = await call(apiPosts, "/api/admin/posts", {
      method: "POST",
      cookie: editorCookie,
      json: {
        title: "A draft update",
        slug: "a-draft-update",
        summary: "S.",
        body: "B.",
        category: "product_update",
        status: "draft",
      },
    });
    expect(draft.status).toBe(201);
    const saved = await jsonOf<{ id: number; financialPromotion: boolean }>(draft);
    expect(saved.financialPromotion).toBe(true);

    // Publishing that draft is what waits.
    const publish = await call(apiPost, `/api/admin/posts/${saved.id}`, {
      method: "PUT",
      params: { id: String(saved.id) },
      cookie: editorCookie,
      json: {
        title: "A draft update",
        slug: "a-draft-update",
        summary: "S.",
        body: "B.",
        category: "product_update",
        status: "published",
      },
    });
    expect(publish.status).toBe(202);
    expect((await getPost(saved.id))!.status).toBe("draft");

    const approved = await approvePromotion(approval.id, approver, {
      rationale: "Describes the update only.",
    });
    expect(approved.ok).toBe(true);
    expect(
      (
        await call(
          withParams(publicPostRoute, { slug: "a-new-platform-update" }),
          "/api/posts/a-new-platform-update",
        )
      ).status,
    ).toBe(200);
    expect((await getPromotionVersion(approval.id))!.status).toBe("approved");
  });

  it("an unmarked news post and unpublishing a marked one are saved at once, as before", async () => {
    await setApprovalRequired(true, admin);
    const news = await call(apiPosts, "/api/admin/posts", {
      method: "POST",
      cookie: editorCookie,
      json: {
        title: "Office move",
        slug: "office-move-approval-off",
        summary: "S.",
        body: "B.",
        category: "news",
        status: "published",
      },
    });
    expect(news.status).toBe(201);
    expect((await jsonOf<{ financialPromotion: boolean }>(news)).financialPromotion).toBe(false);

    await setApprovalRequired(false, admin);
    const marked = await createPost(postValues({ slug: "marked-then-unpublished", title: "Marked" }), admin);
    if (!marked.ok) throw new Error("no post");
    await setApprovalRequired(true, admin);
    const unpublish = await call(apiPost, `/api/admin/posts/${marked.record.id}`, {
      method: "PUT",
      params: { id: String(marked.record.id) },
      cookie: editorCookie,
      json: {
        title: "Marked",
        slug: "marked-then-unpublished",
        summary: "S.",
        body: "B.",
        category: "product_update",
        status: "draft",
      },
    });
    expect(unpublish.status).toBe(200);
    expect((await getPost(marked.record.id))!.status).toBe("draft");
  });

  it("a role marked in the role editor waits to be published; unmarked roles publish at once", async () => {
    const role = await createRole(
      {
        title: "Investment Writer",
        slug: "investment-writer-approval",
        team: "Research",
        location: "London",
        employmentType: "full_time",
        summary: "Write about the platforms.",
        body: "The role.",
        status: "draft",
        publishAt: null,
        closesAt: null,
        displayOrder: 90,
      },
      admin,
    );
    if (!role.ok) throw new Error("no role");
    await setApprovalRequired(true, admin);
    const form = (financialPromotion: string) =>
      editorForm({
        title: "Investment Writer",
        slug: "investment-writer-approval",
        team: "Research",
        location: "London",
        employmentType: "full_time",
        summary: "Write about the platforms.",
        body: "The role.",
        publishAt: "",
        closesAt: "",
        displayOrder: "90",
        financialPromotion,
        status: "published",
      });
    const edit = withParams(roleEditor, { id: String(role.record.id) });
    const marked = await invoke(edit, `/admin/careers/${role.record.id}/edit`, {
      method: "POST",
      params: { id: String(role.record.id) },
      cookie: editorCookie,
      body: (() => {
        const body = form("off");
        body.append("financialPromotion", "on");
        return body;
      })(),
    });
    expect((await redirected(marked.result)).toast).toMatchObject({ description: PENDING_APPROVAL_MESSAGE });
    expect((await getRole(role.record.id))!.status).toBe("draft");

    const unmarked = await invoke(edit, `/admin/careers/${role.record.id}/edit`, {
      method: "POST",
      params: { id: String(role.record.id) },
      cookie: editorCookie,
      body: form("off"),
    });
    expect((await redirected(unmarked.result)).toast?.description).not.toBe(PENDING_APPROVAL_MESSAGE);
    expect((await getRole(role.record.id))!.status).toBe("published");
  });
});

async function latestPendingOf(collection: "posts" | "roles", recordId: number): Promise<number | null> {
  return (await pendingVersionOf(collection, recordId))?.id ?? null;
}

describe("without a way to keep the pages (no running server)", () => {
  it("a withdrawal changes nothing and says why, rather than taking a post down unrecorded", async () => {
    const made = await createPost(postValues({ slug: "kept-when-no-pages", title: "Kept when no pages" }), admin);
    if (!made.ok) throw new Error("no post");
    setPublicPageRenderer(null);
    try {
      const refused = await withdrawPromotion("posts", made.record.id, approver, { reason: "Not substantiated." });
      expect(refused).toEqual({ ok: false, reason: "conflict", message: APPROVAL_MESSAGES.noPages });
      expect((await getPost(made.record.id))!.status).toBe("published");
    } finally {
      setPublicPageRenderer(async (path) => `<html>${path}</html>`);
    }
  });
});

