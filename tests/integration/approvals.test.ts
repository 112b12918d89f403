import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminFormReply } from "~/components/admin/form-reply";
import type { Actor } from "~/models/actor";
import { getHeroContent, readHeroContent } from "~/models/hero.server";
import {
  countPendingPromotions,
  getPromotionVersion,
  listPromotionRecords,
  setApprovalRequired,
} from "~/models/promotions.server";
import { listProducts } from "~/models/products.server";
import * as layout from "~/routes/admin";
import * as listPage from "~/routes/admin.approvals";
import * as reviewPage from "~/routes/admin.approvals_.$id";
import * as apiList from "~/routes/api.admin.approvals";
import * as apiItem from "~/routes/api.admin.approvals.$id";
import * as apiApprove from "~/routes/api.admin.approvals.$id.approve";
import * as apiReject from "~/routes/api.admin.approvals.$id.reject";
import { APPROVAL_FORM_MESSAGES } from "~/schemas/approval";
import type {
  PromotionChangeDetailJson,
  PromotionChangeJson,
  PromotionRecordJson,
} from "~/server/api/approval-resources.server";
import { STORES } from "~/server/collections/stores.server";
import type { ApprovalPageView, ApprovalRowView } from "~/server/promotions/approval-screens.server";
import { APPROVAL_MESSAGES, isPending } from "~/server/promotions/approvals.server";
import { setPublicPageRenderer } from "~/server/promotions/public-pages.server";
import { call, invoke, jsonOf, operatorCookie, type RouteHandlers } from "../helpers/api-client";
import { body, redirected } from "../helpers/form-answers";

/**
 * Issue 42's Approvals screens and API: a change to a financial promotion, kept pending by its store while
 * approval is required, is listed for every role, reviewed (diff, preview), and approved or rejected by an
 * approver or admin who did not make it, with the forms posted natively and through the JSON API.
 */

const ADMIN = "admin@kestrelinsight.example";
const EDITOR = "edith.editor@kestrelinsight.example";
const APPROVER = "arthur.approver@kestrelinsight.example";
const admin: Actor = { userId: null, email: ADMIN };
const editor: Actor = { userId: null, email: EDITOR };

const cookies: Record<"admin" | "editor" | "approver", string> = { admin: "", editor: "", approver: "" };
const ROLES = ["admin", "editor", "approver"] as const;
const REFERENCE = new RegExp(`^FP-${new Date().getUTCFullYear()}-\\d{4}$`);

/** A pending change to the hero's title, saved through its store by `author`: the change's id. */
async function pendingHero(title: string, author: Actor = editor): Promise<number> {
  const { version: _version, ...hero } = await readHeroContent();
  const result = await STORES["hero-content"].update({ ...hero, title } as never, author);
  if (!isPending(result)) throw new Error("the hero's change did not wait for approval");
  return result.pending.id;
}

async function pendingProduct(name: string): Promise<{ change: number; productId: number }> {
  const [product] = await listProducts();
  if (!product) throw new Error("the seed has no product");
  const { id, version: _version, ...fields } = product as typeof product & { version: number };
  const result = await STORES.products.update(id, { ...fields, name } as never, editor);
  if (!isPending(result)) throw new Error("the product's change did not wait for approval");
  return { change: result.pending.id, productId: id };
}

const page = (route: RouteHandlers, path: string, cookie: string, params: Record<string, string> = {}) =>
  invoke(route, path, { cookie, params });

function postForm(id: number, cookie: string, fields: Record<string, string>) {
  return invoke(reviewPage as RouteHandlers, `/admin/approvals/${id}`, {
    method: "POST",
    cookie,
    params: { id: String(id) },
    body: new URLSearchParams(fields),
  });
}

function apiPost(route: RouteHandlers, path: string, id: number | string, cookie: string, json: unknown) {
  return call(route, path, { method: "POST", cookie, params: { id: String(id) }, json });
}

const errorsOf = (result: unknown) =>
  (body<AdminFormReply>(result).result.error ?? {}) as Record<string, string[]>;

beforeAll(async () => {
  setPublicPageRenderer(async (path) => `<html>${path}</html>`);
  await setApprovalRequired(true, admin);
  cookies.admin = await operatorCookie(ADMIN);
  cookies.editor = await operatorCookie(EDITOR, "editor");
  cookies.approver = await operatorCookie(APPROVER, "approver");
});

afterAll(async () => {
  setPublicPageRenderer(null);
  // The database is shared with the files that run after this one: SPEC's behaviour again.
  await setApprovalRequired(false, admin);
});

describe("the Approvals list and a change's page", () => {
  it("lists a pending change to every role, on the screen and through the API, and counts it in the sidebar", async () => {
    const id = await pendingHero("Listed for everyone");
    for (const role of ROLES) {
      const { status, result } = await page(listPage as RouteHandlers, "/admin/approvals", cookies[role]);
      expect(status, role).toBe(200);
      const { status: shown, rows } = body<{ status: string; rows: ApprovalRowView[] }>(result);
      expect(shown).toBe("pending");
      const row = rows.find((r) => r.id === id);
      expect(row, role).toMatchObject({ label: "Hero Section", collection: "hero-content", author: EDITOR });

      const response = await call(apiList as RouteHandlers, "/api/admin/approvals", {
        cookie: cookies[role],
      });
      expect(response.status, role).toBe(200);
      expect(response.headers.get("Cache-Control")).toContain("no-store");
      const items = await jsonOf<PromotionChangeJson[]>(response);
      expect(items.find((item) => item.id === id)).toMatchObject({ status: "pending", authorEmail: EDITOR });
    }
    const { result } = await page(layout as RouteHandlers, "/admin", cookies.editor);
    expect(body<{ pendingApprovals: number }>(result).pendingApprovals).toBe(await countPendingPromotions());
    expect(await countPendingPromotions()).toBeGreaterThan(0);
  });

  it("shows the approver the diff against the live version, a preview and the page it appears on", async () => {
    const live = await getHeroContent();
    const id = await pendingHero("A clearer title");
    const { status, result } = await page(
      reviewPage as RouteHandlers,
      `/admin/approvals/${id}`,
      cookies.approver,
      {
        id: String(id),
      },
    );
    expect(status).toBe(200);
    const { change } = body<{ change: ApprovalPageView }>(result);
    expect(change.diff).toEqual([
      { field: "title", label: expect.any(String), live: live.title, proposed: "A clearer title" },
    ]);
    expect(change.preview).toMatchObject({ kind: "hero", title: "A clearer title", subtitle: live.subtitle });
    expect(change.publicPaths).toEqual(["/"]);
    expect(change).toMatchObject({ own: false, mayDecide: true, status: "pending" });
    expect(change.defaultReviewBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // An editor reads it but is given no forms.
    const asEditor = await page(reviewPage as RouteHandlers, `/admin/approvals/${id}`, cookies.editor, {
      id: String(id),
    });
    expect(body<{ change: ApprovalPageView }>(asEditor.result).change.mayDecide).toBe(false);

    const missing = await page(reviewPage as RouteHandlers, "/admin/approvals/999999", cookies.approver, {
      id: "999999",
    });
    expect(missing.status).toBe(404);
  });

  it("refuses the author, even an admin, on the server with a message, and shows them no forms", async () => {
    const id = await pendingHero("The admin's own change", admin);
    const view = await page(reviewPage as RouteHandlers, `/admin/approvals/${id}`, cookies.admin, {
      id: String(id),
    });
    expect(body<{ change: ApprovalPageView }>(view.result).change).toMatchObject({
      own: true,
      mayDecide: false,
    });

    const approve = await postForm(id, cookies.admin, { intent: "approve", rationale: "Looks fine to me" });
    expect(approve.status).toBe(400);
    expect(errorsOf(approve.result).rationale).toEqual([APPROVAL_MESSAGES.ownChange]);
    const reject = await postForm(id, cookies.admin, { intent: "reject", reason: "Changed my mind" });
    expect(reject.status).toBe(400);
    expect(errorsOf(reject.result).reason).toEqual([APPROVAL_MESSAGES.ownChange]);

    const api = await apiPost(
      apiApprove as RouteHandlers,
      `/api/admin/approvals/${id}/approve`,
      id,
      cookies.admin,
      {
        rationale: "Looks fine to me",
      },
    );
    expect(api.status).toBe(400);
    expect((await jsonOf<{ errors: Record<string, string[]> }>(api)).errors.rationale).toEqual([
      APPROVAL_MESSAGES.ownChange,
    ]);
    expect((await getPromotionVersion(id))!.status).toBe("pending");
    expect((await getHeroContent()).title).not.toBe("The admin's own change");
  });

  it("answers an editor's approval or rejection with 403", async () => {
    const id = await pendingHero("Not for editors");
    expect((await postForm(id, cookies.editor, { intent: "approve", rationale: "Fine" })).status).toBe(403);
    expect((await postForm(id, cookies.editor, { intent: "reject", reason: "No" })).status).toBe(403);
    const api = await apiPost(
      apiApprove as RouteHandlers,
      `/api/admin/approvals/${id}/approve`,
      id,
      cookies.editor,
      {
        rationale: "Fine",
      },
    );
    expect(api.status).toBe(403);
    expect((await getPromotionVersion(id))!.status).toBe("pending");
  });

  it("asks for a rationale, and a review date in the future, under their fields", async () => {
    const id = await pendingHero("Needs a rationale");
    const blank = await postForm(id, cookies.approver, { intent: "approve", rationale: "  ", reviewBy: "" });
    expect(blank.status).toBe(400);
    expect(errorsOf(blank.result).rationale).toEqual([APPROVAL_MESSAGES.rationaleRequired]);
    expect(APPROVAL_FORM_MESSAGES.rationaleRequired).toBe(APPROVAL_MESSAGES.rationaleRequired);

    const past = await postForm(id, cookies.approver, {
      intent: "approve",
      rationale: "Fair",
      reviewBy: "2020-01-01",
    });
    expect(past.status).toBe(400);
    expect(errorsOf(past.result).reviewBy).toEqual([APPROVAL_FORM_MESSAGES.reviewByPast]);
    const mangled = await postForm(id, cookies.approver, {
      intent: "approve",
      rationale: "Fair",
      reviewBy: "2099-02-30",
    });
    expect(errorsOf(mangled.result).reviewBy).toEqual([APPROVAL_FORM_MESSAGES.reviewByFormat]);

    const noReason = await postForm(id, cookies.approver, { intent: "reject", reason: "" });
    expect(noReason.status).toBe(400);
    expect(errorsOf(noReason.result).reason).toEqual([APPROVAL_MESSAGES.reasonRequired]);
    expect((await getPromotionVersion(id))!.status).toBe("pending");
  });

  it("puts an approved change live at once and keeps it in the register", async () => {
    const id = await pendingHero("Approved and live");
    const before = (await listPromotionRecords()).length;
    const answer = await postForm(id, cookies.approver, {
      intent: "approve",
      rationale: "Balanced: the risks are stated beside the benefits.",
      reviewBy: "2099-06-30",
    });
    expect(answer.status).toBe(302);
    const { location, toast } = await redirected(answer.result);
    expect(location).toBe("/admin/approvals");
    expect(toast?.description).toContain(APPROVAL_MESSAGES.approved);

    expect((await getHeroContent()).title).toBe("Approved and live");
    const records = await listPromotionRecords();
    expect(records).toHaveLength(before + 1);
    const entry = records.find((record) => record.versionId === id)!;
    expect(entry).toMatchObject({
      decision: "approved",
      collection: "hero-content",
      decidedBy: APPROVER,
      reviewBy: "2099-06-30",
    });
    expect(entry.reference).toMatch(REFERENCE);
    expect(entry.snapshotSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(entry.pages).toEqual([{ path: "/", html: "<html>/</html>" }]);

    // Its page now says how it was decided, with the register's reference.
    const view = await page(reviewPage as RouteHandlers, `/admin/approvals/${id}`, cookies.editor, {
      id: String(id),
    });
    const { change } = body<{ change: ApprovalPageView }>(view.result);
    expect(change).toMatchObject({ status: "approved", mayDecide: false });
    expect(change.record).toMatchObject({
      reference: entry.reference,
      snapshotSha256: entry.snapshotSha256,
      pages: ["/"],
    });

    const listed = await page(listPage as RouteHandlers, "/admin/approvals?status=approved", cookies.editor);
    expect(body<{ rows: ApprovalRowView[] }>(listed.result).rows.some((row) => row.id === id)).toBe(true);

    const again = await postForm(id, cookies.admin, { intent: "approve", rationale: "Twice" });
    expect(again.status).toBe(409);
  });

  it("rejects with a reason the author sees, and leaves the site as it was", async () => {
    const liveTitle = (await getHeroContent()).title;
    const id = await pendingHero("Guaranteed returns!");
    const answer = await postForm(id, cookies.approver, {
      intent: "reject",
      reason: "Returns are never guaranteed.",
    });
    expect(answer.status).toBe(302);
    expect((await redirected(answer.result)).toast?.description).toContain(APPROVAL_MESSAGES.rejected);
    expect((await getHeroContent()).title).toBe(liveTitle);
    const version = (await getPromotionVersion(id))!;
    expect(version).toMatchObject({ status: "rejected", reason: "Returns are never guaranteed." });
    const entry = (await listPromotionRecords()).find((record) => record.versionId === id)!;
    expect(entry).toMatchObject({
      decision: "rejected",
      rationale: "Returns are never guaranteed.",
      pages: [],
    });
    expect(entry.reference).toMatch(REFERENCE);

    const view = await page(reviewPage as RouteHandlers, `/admin/approvals/${id}`, cookies.editor, {
      id: String(id),
    });
    expect(body<{ change: ApprovalPageView }>(view.result).change).toMatchObject({
      status: "rejected",
      reason: "Returns are never guaranteed.",
    });
  });
});

describe("the approvals API", () => {
  it("lists by status, and refuses a status it does not know", async () => {
    const bad = await call(apiList as RouteHandlers, "/api/admin/approvals", {
      cookie: cookies.editor,
      search: "?status=maybe",
    });
    expect(bad.status).toBe(400);
    const rejected = await call(apiList as RouteHandlers, "/api/admin/approvals", {
      cookie: cookies.editor,
      search: "?status=rejected",
    });
    expect(rejected.status).toBe(200);
    const items = await jsonOf<PromotionChangeJson[]>(rejected);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.status === "rejected")).toBe(true);
  });

  it("reads a change with its values and diff; approves it (200 with the register entry); then 409", async () => {
    const { change: id, productId } = await pendingProduct("Open Banking, reviewed");
    const read = await call(apiItem as RouteHandlers, `/api/admin/approvals/${id}`, {
      cookie: cookies.editor,
      params: { id: String(id) },
    });
    expect(read.status).toBe(200);
    const detail = await jsonOf<PromotionChangeDetailJson>(read);
    expect(detail).toMatchObject({
      id,
      status: "pending",
      collection: "products",
      recordId: productId,
      record: null,
    });
    expect(detail.values.name).toBe("Open Banking, reviewed");
    expect(detail.diff).toEqual([
      expect.objectContaining({ field: "name", proposed: "Open Banking, reviewed" }),
    ]);

    const missing = await apiPost(
      apiApprove as RouteHandlers,
      "/api/admin/approvals/999999/approve",
      999999,
      cookies.approver,
      {
        rationale: "Fine",
      },
    );
    expect(missing.status).toBe(404);
    const blank = await apiPost(
      apiApprove as RouteHandlers,
      `/api/admin/approvals/${id}/approve`,
      id,
      cookies.approver,
      {},
    );
    expect(blank.status).toBe(400);
    expect((await jsonOf<{ errors: Record<string, string[]> }>(blank)).errors.rationale).toEqual([
      APPROVAL_MESSAGES.rationaleRequired,
    ]);
    const unknown = await apiPost(
      apiApprove as RouteHandlers,
      `/api/admin/approvals/${id}/approve`,
      id,
      cookies.approver,
      {
        rationale: "Fine",
        extra: true,
      },
    );
    expect(unknown.status).toBe(400);

    const approved = await apiPost(
      apiApprove as RouteHandlers,
      `/api/admin/approvals/${id}/approve`,
      id,
      cookies.approver,
      {
        rationale: "It names the product and what it does, no more.",
      },
    );
    expect(approved.status).toBe(200);
    const entry = await jsonOf<PromotionRecordJson>(approved);
    expect(entry).toMatchObject({
      decision: "approved",
      versionId: id,
      recordId: productId,
      products: ["Open Banking, reviewed"],
    });
    expect(entry.reference).toMatch(REFERENCE);
    expect(entry.snapshotSha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await listProducts()).find((product) => product.id === productId)!.name).toBe(
      "Open Banking, reviewed",
    );

    const decided = await jsonOf<PromotionChangeDetailJson>(
      await call(apiItem as RouteHandlers, `/api/admin/approvals/${id}`, {
        cookie: cookies.editor,
        params: { id: String(id) },
      }),
    );
    expect(decided.status).toBe("approved");
    expect(decided.record).toMatchObject({
      reference: entry.reference,
      snapshotSha256: entry.snapshotSha256,
    });
    expect(decided.record!.pages.length).toBeGreaterThan(0);

    const twice = await apiPost(
      apiReject as RouteHandlers,
      `/api/admin/approvals/${id}/reject`,
      id,
      cookies.admin,
      {
        reason: "Too late",
      },
    );
    expect(twice.status).toBe(409);
    expect((await jsonOf<{ message: string }>(twice)).message).toBe(APPROVAL_MESSAGES.decided);
  });

  it("rejects with a reason (200), asks for one (400), and answers an editor 403 and an unknown change 404", async () => {
    const liveTitle = (await getHeroContent()).title;
    const id = await pendingHero("Risk-free!");
    const path = `/api/admin/approvals/${id}/reject`;
    expect(
      (await apiPost(apiReject as RouteHandlers, path, id, cookies.editor, { reason: "No" })).status,
    ).toBe(403);
    const blank = await apiPost(apiReject as RouteHandlers, path, id, cookies.admin, { reason: " " });
    expect(blank.status).toBe(400);
    expect((await jsonOf<{ errors: Record<string, string[]> }>(blank)).errors.reason).toEqual([
      APPROVAL_MESSAGES.reasonRequired,
    ]);
    const rejected = await apiPost(apiReject as RouteHandlers, path, id, cookies.admin, {
      reason: "Nothing is risk-free.",
    });
    expect(rejected.status).toBe(200);
    expect(await jsonOf<PromotionRecordJson>(rejected)).toMatchObject({
      decision: "rejected",
      rationale: "Nothing is risk-free.",
    });
    expect((await getHeroContent()).title).toBe(liveTitle);
    const missing = await call(apiItem as RouteHandlers, "/api/admin/approvals/999999", {
      cookie: cookies.editor,
      params: { id: "999999" },
    });
    expect(missing.status).toBe(404);
  });
});
