import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~db/client.server";
import { getHeroContent } from "~/models/hero.server";
import { createProduct, getProduct } from "~/models/products.server";
import { createStatistic, getStatistic } from "~/models/statistics.server";
import {
  getPromotionVersion,
  listPromotionRecords,
  recordPromotionDecision,
  setApprovalRequired,
  snapshotHash,
} from "~/models/promotions.server";
import * as collectionRoute from "~/routes/api.admin.$collection";
import * as collectionItemRoute from "~/routes/api.admin.$collection.$id";
import * as publicCollectionRoute from "~/routes/api.$collection";
import * as heroScreen from "~/routes/admin.hero";
import * as sectionEdit from "~/routes/admin.$section.$id.edit";
import {
  APPROVAL_MESSAGES,
  approvePromotion,
  diffOf,
  rejectPromotion,
  withdrawPromotion,
  WITHDRAW_MESSAGES,
} from "~/server/promotions/approvals.server";
import * as withdrawRoute from "~/routes/api.admin.promotions.$collection.$id.withdraw";
import { setPublicPageRenderer } from "~/server/promotions/public-pages.server";
import { PENDING_APPROVAL_MESSAGE } from "~/utils/approvals";
import { call, invoke, jsonOf, operatorCookie } from "../helpers/api-client";
import { redirected } from "../helpers/form-answers";
import { withParams } from "../helpers/route-modules";

/**
 * Issue 42: with approval on, a save to a financial promotion (the hero, a product, a statistic) keeps a
 * pending version and leaves what visitors get as it was, byte for byte; a second person's approval puts it
 * live and keeps the register's record of it; its author can never approve it; a rejection changes nothing.
 * With approval off, a save is live at once (the other suites run with it off, unchanged).
 */

const editor = { userId: null, email: "edith.editor@kestrelinsight.example" };
const approver = { userId: null, email: "arthur.approver@kestrelinsight.example" };
const admin = { userId: null, email: "admin@kestrelinsight.example" };

const publicHero = withParams(publicCollectionRoute, { collection: "hero-content" });
const publicProducts = withParams(publicCollectionRoute, { collection: "products" });
const publicStatistics = withParams(publicCollectionRoute, { collection: "statistics" });
const apiHero = withParams(collectionRoute, { collection: "hero-content" });
const apiProduct = withParams(collectionItemRoute, { collection: "products" });
const productEdit = withParams(sectionEdit, { section: "products" });

/** What a signed-out visitor's JSON read answers, as bytes. */
async function visitorBytes(route: typeof publicHero, path: string): Promise<string> {
  return (await call(route, path)).text();
}

let editorCookie = "";
beforeAll(async () => {
  editorCookie = await operatorCookie(editor.email, "editor");
  // The pages an approval keeps: what a signed-out visitor's read of the same content answers now.
  setPublicPageRenderer(async (path) =>
    path === "/platforms" ? visitorBytes(publicProducts, "/api/products") : visitorBytes(publicHero, "/api/hero-content"),
  );
});
afterAll(() => setPublicPageRenderer(null));
afterEach(async () => setApprovalRequired(false, admin));

const heroValues = (title: string) => ({
  title,
  subtitle: "Evidence first.",
  primaryCtaText: "Explore",
  primaryCtaUrl: "https://markets.kestrelinsight.example",
  secondaryCtaText: null,
  secondaryCtaUrl: null,
});

describe("a financial promotion while approval is required", () => {
  it("the hero: a save through the API is 202 and leaves the visitors' answer byte-identical until a second person approves", async () => {
    await setApprovalRequired(true, admin);
    const before = await visitorBytes(publicHero, "/api/hero-content");
    const saved = await call(apiHero, "/api/admin/hero-content", {
      method: "PUT",
      json: heroValues("Approved titles only"),
      cookie: editorCookie,
    });
    expect(saved.status).toBe(202);
    const { message, approval } = await jsonOf<{ message: string; approval: { id: number; status: string } }>(saved);
    expect({ message, status: approval.status }).toEqual({ message: PENDING_APPROVAL_MESSAGE, status: "pending" });
    expect(await visitorBytes(publicHero, "/api/hero-content")).toBe(before);
    expect((await getHeroContent()).title).not.toBe("Approved titles only");

    const version = (await getPromotionVersion(approval.id))!;
    expect(await diffOf(version)).toContainEqual(
      expect.objectContaining({ field: "title", proposed: "Approved titles only" }),
    );

    // Its author cannot approve it, whatever their role.
    const own = await approvePromotion(approval.id, editor, { rationale: "Mine is fine." });
    expect(own).toEqual({ ok: false, reason: "invalid", field: "rationale", message: APPROVAL_MESSAGES.ownChange });
    const noRationale = await approvePromotion(approval.id, approver, { rationale: "  " });
    expect(noRationale).toMatchObject({ ok: false, message: APPROVAL_MESSAGES.rationaleRequired });
    expect(await visitorBytes(publicHero, "/api/hero-content")).toBe(before);

    const approved = await approvePromotion(approval.id, approver, {
      rationale: "States what the platform does, with no promise of returns.",
    });
    expect(approved.ok).toBe(true);
    expect((await getHeroContent()).title).toBe("Approved titles only");
    const after = await visitorBytes(publicHero, "/api/hero-content");
    expect(after).toContain("Approved titles only");

    if (!approved.ok) return;
    const record = approved.record;
    expect(record.reference).toMatch(/^FP-\d{4}-\d{4}$/);
    expect(record).toMatchObject({ decision: "approved", collection: "hero-content", decidedBy: approver.email });
    expect(record.authors).toEqual([editor.email]);
    expect(record.pages).toEqual([{ path: "/", html: after }]);
    expect(record.snapshotSha256).toBe(snapshotHash(record.pages));
    expect(record.reviewBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // Decided once: a second approval is refused.
    expect(await approvePromotion(approval.id, admin, { rationale: "Again." })).toMatchObject({
      ok: false,
      reason: "conflict",
    });
  });

  it("a product: the edit screen's save says it waits, the product stays as it was, a rejection keeps it so", async () => {
    const made = await createProduct(
      { name: "Waiting Product", description: "Before.", url: "/platforms", badge: null, displayOrder: 70 },
      admin,
    );
    if (!made.ok) throw new Error("no product");
    const id = made.record.id;
    await setApprovalRequired(true, admin);
    const before = await visitorBytes(publicProducts, "/api/products");

    const { status, result } = await invoke(productEdit, `/admin/products/${id}/edit`, {
      method: "POST",
      params: { id: String(id) },
      cookie: editorCookie,
      body: new URLSearchParams({
        name: "Waiting Product",
        description: "Guaranteed returns!",
        url: "/platforms",
        badge: "none",
        displayOrder: "70",
        version: String(made.record.version),
      }),
    });
    expect(status).toBe(302);
    expect((await redirected(result)).toast).toMatchObject({ description: PENDING_APPROVAL_MESSAGE });
    expect((await getProduct(id))!.description).toBe("Before.");
    expect(await visitorBytes(publicProducts, "/api/products")).toBe(before);

    // The same through the API.
    const put = await call(apiProduct, `/api/admin/products/${id}`, {
      method: "PUT",
      params: { id: String(id) },
      cookie: editorCookie,
      json: { name: "Waiting Product", description: "Guaranteed returns!!", url: "/platforms", badge: null, displayOrder: 70 },
    });
    expect(put.status).toBe(202);
    const pending = (await jsonOf<{ approval: { id: number } }>(put)).approval.id;

    const rejected = await rejectPromotion(pending, approver, { reason: "Promises returns: not fair, clear and not misleading." });
    expect(rejected).toMatchObject({ ok: true, record: { decision: "rejected", pages: [] } });
    expect((await getProduct(id))!.description).toBe("Before.");
    expect(await visitorBytes(publicProducts, "/api/products")).toBe(before);
    expect((await getPromotionVersion(pending))!.reason).toBe("Promises returns: not fair, clear and not misleading.");
  });

  it("a statistic: a new one waits and is created only when approved; its figure was measured by someone", async () => {
    await setApprovalRequired(true, admin);
    const before = await visitorBytes(publicStatistics, "/api/statistics");
    const post = await call(withParams(collectionRoute, { collection: "statistics" }), "/api/admin/statistics", {
      method: "POST",
      cookie: editorCookie,
      json: { label: "Pending figure", value: "42", displayOrder: 90 },
    });
    expect(post.status).toBe(202);
    const pending = (await jsonOf<{ approval: { id: number } }>(post)).approval.id;
    expect(await visitorBytes(publicStatistics, "/api/statistics")).toBe(before);

    const approved = await approvePromotion(pending, approver, { rationale: "The figure is from the audited user count." });
    if (!approved.ok) throw new Error(JSON.stringify(approved));
    expect(approved.record.recordId).not.toBeNull();
    expect((await getStatistic(approved.record.recordId!))!.label).toBe("Pending figure");
    expect(await visitorBytes(publicStatistics, "/api/statistics")).toContain("Pending figure");
  });

  it("restoring an old version of a promotion waits too: it is refused with a message while approval is on", async () => {
    const made = await createStatistic({ label: "Kept", value: "1", displayOrder: 91 }, admin);
    if (!made.ok) throw new Error("no statistic");
    await setApprovalRequired(true, admin);
    const { STORES } = await import("~/server/collections/stores.server");
    expect(await STORES.statistics.restoreVersion(made.record.id, 1, editor)).toEqual({
      ok: false,
      reason: "conflict",
      message: APPROVAL_MESSAGES.restoreWaits,
    });
  });
});

describe("withdrawing a live promotion", () => {
  it("the hero goes back to its last approved version still standing; the withdrawal is in the register", async () => {
    await setApprovalRequired(true, admin);
    const approveTitle = async (title: string) => {
      const saved = await call(apiHero, "/api/admin/hero-content", { method: "PUT", json: heroValues(title), cookie: editorCookie });
      const { approval } = await jsonOf<{ approval: { id: number } }>(saved);
      const approved = await approvePromotion(approval.id, approver, { rationale: "Fair, clear, not misleading." });
      if (!approved.ok) throw new Error(JSON.stringify(approved));
    };
    await approveTitle("First approved title");
    await approveTitle("Second approved title");
    expect((await getHeroContent()).title).toBe("Second approved title");

    const refused = await withdrawPromotion("hero-content", null, approver, { reason: " " });
    expect(refused).toMatchObject({ ok: false, field: "reason", message: WITHDRAW_MESSAGES.reasonRequired });

    const withdrawn = await withdrawPromotion("hero-content", null, approver, { reason: "The platform's name changed." });
    if (!withdrawn.ok) throw new Error(JSON.stringify(withdrawn));
    expect((await getHeroContent()).title).toBe("First approved title");
    expect(await visitorBytes(publicHero, "/api/hero-content")).toContain("First approved title");
    expect(withdrawn.record).toMatchObject({ decision: "withdrawn", decidedBy: approver.email, rationale: "The platform's name changed." });
    expect(withdrawn.record.values).toMatchObject({ title: "Second approved title" });
  });

  it("a product leaves the public list at once, through the API; an editor may not withdraw", async () => {
    const made = await createProduct(
      { name: "Withdrawn Product", description: "Was live.", url: "/platforms", badge: null, displayOrder: 71 },
      admin,
    );
    if (!made.ok) throw new Error("no product");
    const route = withParams(withdrawRoute, { collection: "products", id: String(made.record.id) });
    const path = `/api/admin/promotions/products/${made.record.id}/withdraw`;
    const byEditor = await call(route, path, { method: "POST", cookie: editorCookie, json: { reason: "No." } });
    expect(byEditor.status).toBe(403);

    const approverCookie = await operatorCookie(approver.email, "approver");
    const answer = await call(route, path, { method: "POST", cookie: approverCookie, json: { reason: "Its fees changed." } });
    expect(answer.status).toBe(200);
    expect(await jsonOf(answer)).toMatchObject({ decision: "withdrawn", collection: "products", recordId: made.record.id });
    expect(await getProduct(made.record.id)).toBeNull();
    expect(await visitorBytes(publicProducts, "/api/products")).not.toContain("Withdrawn Product");
  });
});

describe("with approval off (the default)", () => {
  it("a save to the hero is live at once, as SPEC says", async () => {
    const saved = await call(apiHero, "/api/admin/hero-content", {
      method: "PUT",
      json: heroValues("Live at once"),
      cookie: editorCookie,
    });
    expect(saved.status).toBe(200);
    expect((await getHeroContent()).title).toBe("Live at once");
  });

  it("the hero screen's save answers SPEC's toast", async () => {
    const { result } = await invoke(heroScreen, "/admin/hero", {
      method: "POST",
      cookie: editorCookie,
      body: new URLSearchParams({ ...heroValues("Screen save"), secondaryCtaText: "", secondaryCtaUrl: "" }),
    });
    expect((await redirected(result)).toast).toMatchObject({ description: "Hero content updated successfully!" });
  });
});

describe("the register", () => {
  it("refuses UPDATE and DELETE on its rows at the database", async () => {
    const first = await recordPromotionDecision({
      decision: "rejected",
      collection: "hero-content",
      recordId: null,
      versionId: null,
      label: "Hero section",
      owner: "Kestrel Insight Ltd",
      products: [],
      values: { title: "For the register" },
      pages: [],
      authors: [editor.email],
      decidedBy: approver.email,
      rationale: "Kept as a test of the register.",
      reviewBy: null,
    });
    expect(first).toBeDefined();
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => "done",
        (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ""}`,
      );
    expect(await refusal(getDb().execute(sql`update promotion_records set label = 'changed' where id = ${first!.id}`))).toMatch(
      /kept as written: UPDATE is refused/,
    );
    expect(await refusal(getDb().execute(sql`delete from promotion_records where id = ${first!.id}`))).toMatch(
      /kept as written: DELETE is refused/,
    );
    expect((await listPromotionRecords()).find((row) => row.id === first!.id)).toEqual(first);
  });
});
