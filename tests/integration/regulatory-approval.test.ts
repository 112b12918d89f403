import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { defaultRegulatoryStatus } from "~/content/defaults";
import { defaultRiskWarnings } from "~/content/risk";
import type { Actor } from "~/models/actor";
import { setClock } from "~/models/clock.server";
import { clearContentCache } from "~/models/content-cache.server";
import {
  getPromotionVersion,
  listPromotionVersions,
  setApprovalRequired,
  snapshotHash,
} from "~/models/promotions.server";
import { getRegulatoryStatus, updateRegulatoryStatus } from "~/models/regulatory-status.server";
import { getRiskWarnings, updateRiskWarnings } from "~/models/risk-warnings.server";
import * as adminRegulatory from "~/routes/admin.regulatory";
import * as adminRiskWarnings from "~/routes/admin.risk-warnings";
import * as reviewPage from "~/routes/admin.approvals_.$id";
import { loader as layoutLoader } from "~/routes/_site";
import { loader as platformsLoader } from "~/routes/_site.platforms";
import * as collectionRoute from "~/routes/api.admin.$collection";
import * as publicCollectionRoute from "~/routes/api.$collection";
import * as apiApprove from "~/routes/api.admin.approvals.$id.approve";
import * as riskWarningRoute from "~/routes/api.admin.risk-warnings.$class";
import * as withdrawRoute from "~/routes/api.admin.promotions.$collection.$id.withdraw";
import type { ApprovalPageView } from "~/server/promotions/approval-screens.server";
import {
  APPROVAL_MESSAGES,
  WITHDRAW_MESSAGES,
  approvePromotion,
  rejectPromotion,
  withdrawPromotion,
} from "~/server/promotions/approvals.server";
import { setPublicPageRenderer } from "~/server/promotions/public-pages.server";
import { PENDING_APPROVAL_MESSAGE } from "~/utils/approvals";
import type { PageRiskWarning } from "~/utils/risk-warnings";
import { call, invoke, jsonOf, operatorCookie, type RouteHandlers } from "../helpers/api-client";
import { body as replyBody, redirected } from "../helpers/form-answers";
import { withParams } from "../helpers/route-modules";
import { settle, testContext } from "../helpers/route-result";

/**
 * Issue 37 with issue 42: while financial promotions need approval, a change to the regulatory status or to
 * the risk warnings waits for an approver who did not make it. Until then every public answer (the footer,
 * the JSON-LD, GET /api/regulatory-status, the warnings on the pages) is byte-identical; a scheduled status
 * goes live at its time only once approved; a withdrawal goes back to the version before, never to nothing.
 */

const ADMIN = "admin@kestrelinsight.example";
const APPROVER = "arthur.approver@kestrelinsight.example";
const admin: Actor = { userId: null, email: ADMIN };
const approver: Actor = { userId: null, email: APPROVER };
const seed: Actor = { userId: null, email: "seed@kestrelinsight.example" };

const publicStatus = withParams(publicCollectionRoute, { collection: "regulatory-status" });
const publicWarnings = withParams(publicCollectionRoute, { collection: "risk-warnings" });
const adminStatus = withParams(collectionRoute, { collection: "regulatory-status" });

const NOT_AUTHORISED =
  "Kestrel Insight Ltd is not authorised or regulated by the Financial Conduct Authority.";
const AR =
  "Kestrel Insight Ltd is an appointed representative of Example Capital Ltd, which is authorised and regulated by the Financial Conduct Authority (FRN 123456).";
const AUTHORISED =
  "Kestrel Insight Ltd is authorised and regulated by the Financial Conduct Authority (FRN 7654321).";

const seeded = { ...defaultRegulatoryStatus, takesEffectAt: null };
const asAr = {
  ...seeded,
  fcaStatus: "appointed_representative",
  principalName: "Example Capital Ltd",
  principalFrn: "123456",
};

let adminCookie = "";
let approverCookie = "";
beforeAll(async () => {
  adminCookie = await operatorCookie(ADMIN);
  approverCookie = await operatorCookie(APPROVER, "approver");
  setPublicPageRenderer(async (path) => `<html>${path}: ${await statusText()}</html>`);
});
afterEach(async () => {
  setClock(null);
  // Nothing is left waiting for the files after this one.
  for (const pending of await listPromotionVersions("pending")) {
    if (pending.collection === "regulatory-status" || pending.collection === "risk-warnings") {
      await rejectPromotion(
        pending.id,
        { userId: null, email: "cleanup@kestrelinsight.example" },
        { reason: "Test over" },
      );
    }
  }
  await setApprovalRequired(false, admin);
});
afterAll(async () => {
  setPublicPageRenderer(null);
  await updateRegulatoryStatus(seeded as never, seed);
  await updateRiskWarnings(defaultRiskWarnings, seed);
});

async function statusResponse(): Promise<Response> {
  return call(publicStatus, "/api/regulatory-status");
}

async function statusText(): Promise<string> {
  return (await statusResponse()).text();
}

async function disclosedStatus(): Promise<string> {
  return (JSON.parse(await statusText()) as { disclosure: { status: string } }).disclosure.status;
}

/** What every public page's layout is given: the footer's disclosure and the Organization JSON-LD come from it. */
async function layoutBytes(): Promise<string> {
  const { body } = await settle(() =>
    layoutLoader({
      request: new Request("http://localhost:3000/platforms"),
      context: testContext,
      params: {},
    }),
  );
  return JSON.stringify(body);
}

async function platformWarnings(): Promise<string> {
  const data = (await platformsLoader()) as { riskWarnings?: PageRiskWarning[] };
  return JSON.stringify(data.riskWarnings);
}

async function putStatus(json: Record<string, unknown>, cookie = adminCookie): Promise<Response> {
  return call(adminStatus, "/api/admin/regulatory-status", { method: "PUT", json, cookie });
}

async function pendingIdOf(response: Response): Promise<number> {
  expect(response.status).toBe(202);
  const json = await jsonOf<{ message: string; approval: { id: number; status: string } }>(response);
  expect(json).toMatchObject({ message: PENDING_APPROVAL_MESSAGE, approval: { status: "pending" } });
  return json.approval.id;
}

describe("the regulatory status, while financial promotions need approval", () => {
  it("a save waits (202): the API, the footer and the JSON-LD stay byte-identical until an approver approves", async () => {
    await updateRegulatoryStatus(seeded as never, seed);
    await setApprovalRequired(true, admin);
    const before = await statusResponse();
    const beforeText = await before.clone().text();
    const beforeLayout = await layoutBytes();

    const id = await pendingIdOf(await putStatus(asAr));
    const after = await statusResponse();
    expect(await after.text()).toBe(beforeText);
    expect(after.headers.get("ETag")).toBe(before.headers.get("ETag"));
    expect(await layoutBytes()).toBe(beforeLayout);
    expect((await getRegulatoryStatus()).fcaStatus).toBe("not_authorised");

    // Its editor says a change waits, and the approval page shows it with labels, a diff and the footer's lines.
    const editor = await invoke(adminRegulatory, "/admin/regulatory", { cookie: adminCookie });
    expect(replyBody<{ pending: { id: number } | null }>(editor.result).pending).toMatchObject({ id });
    const review = await invoke(reviewPage as RouteHandlers, `/admin/approvals/${id}`, {
      cookie: approverCookie,
      params: { id: String(id) },
    });
    const change = replyBody<{ change: ApprovalPageView }>(review.result).change;
    expect(change).toMatchObject({
      label: "Regulatory status",
      collectionNoun: "Regulatory status",
      mayDecide: true,
    });
    expect(change.diff).toEqual(
      expect.arrayContaining([
        { field: "fcaStatus", label: "Status", live: "not_authorised", proposed: "appointed_representative" },
        { field: "principalName", label: "Principal firm", live: "", proposed: "Example Capital Ltd" },
      ]),
    );
    expect(change.preview).toMatchObject({ kind: "disclosure", lines: expect.arrayContaining([AR]) });

    // Its author cannot approve it, whatever the role: through the form's server or the API.
    expect(await approvePromotion(id, admin, { rationale: "Mine" })).toMatchObject({
      ok: false,
      message: APPROVAL_MESSAGES.ownChange,
    });
    const own = await call(apiApprove as RouteHandlers, `/api/admin/approvals/${id}/approve`, {
      method: "POST",
      cookie: adminCookie,
      params: { id: String(id) },
      json: { rationale: "Mine" },
    });
    expect(own.status).toBe(400);
    expect(await disclosedStatus()).toBe(NOT_AUTHORISED);

    const approved = await approvePromotion(id, approver, {
      rationale: "The principal's agreement is signed.",
    });
    if (!approved.ok) throw new Error(`not approved: ${JSON.stringify(approved)}`);
    expect(await disclosedStatus()).toBe(AR);
    expect(await layoutBytes()).toContain(AR);
    // The register keeps the pages that state it, as a visitor was then sent them, and their hash.
    expect(approved.record.pages.map((page) => page.path)).toEqual([
      "/",
      "/about",
      "/investors",
      "/contact",
      "/newsroom",
      "/privacy",
      "/terms",
    ]);
    expect(approved.record.pages[0]!.html).toContain(AR);
    expect(approved.record.snapshotSha256).toBe(snapshotHash(approved.record.pages));
    expect(approved.record).toMatchObject({
      collection: "regulatory-status",
      label: "Regulatory status",
      decidedBy: APPROVER,
    });
  });

  it("a rejection changes nothing on the site", async () => {
    await updateRegulatoryStatus(seeded as never, seed);
    await setApprovalRequired(true, admin);
    const before = await statusText();
    const id = await pendingIdOf(await putStatus({ ...seeded, fcaStatus: "authorised", firmFrn: "7654321" }));
    const rejected = await rejectPromotion(id, approver, { reason: "We are not authorised yet." });
    expect(rejected).toMatchObject({
      ok: true,
      record: { decision: "rejected", collection: "regulatory-status" },
    });
    expect((await getPromotionVersion(id))!.status).toBe("rejected");
    expect(await statusText()).toBe(before);
  });

  it("a withdrawal goes back to the status before the withdrawn one, and never leaves the footer empty", async () => {
    await updateRegulatoryStatus(seeded as never, seed);
    await setApprovalRequired(true, admin);
    const first = await pendingIdOf(await putStatus(asAr));
    expect((await approvePromotion(first, approver, { rationale: "Signed." })).ok).toBe(true);
    const second = await pendingIdOf(
      await putStatus({ ...seeded, fcaStatus: "authorised", firmFrn: "7654321", vatNumber: "GB123456789" }),
    );
    expect((await approvePromotion(second, approver, { rationale: "Authorised." })).ok).toBe(true);
    expect(await disclosedStatus()).toBe(AUTHORISED);

    // Through the API, as the register's screen does it: the authorised status leaves, the earlier one returns whole.
    const response = await call(
      withdrawRoute as RouteHandlers,
      "/api/admin/promotions/regulatory-status/1/withdraw",
      {
        method: "POST",
        cookie: approverCookie,
        params: { collection: "regulatory-status", id: "1" },
        json: { reason: "The permission was not granted after all." },
      },
    );
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toMatchObject({ decision: "withdrawn", collection: "regulatory-status" });
    expect(await disclosedStatus()).toBe(AR);
    expect((await getRegulatoryStatus()).vatNumber).toBe("");

    // The appointed representative status withdrawn in turn: back to what was live before approval began.
    expect(
      (await withdrawPromotion("regulatory-status", null, approver, { reason: "Agreement ended." })).ok,
    ).toBe(true);
    expect(await disclosedStatus()).toBe(NOT_AUTHORISED);
    // Withdrawn until no approval stands (earlier tests' too): then there is nothing earlier to go back to,
    // the withdrawal is refused, and the footer keeps what it says.
    let refused: Awaited<ReturnType<typeof withdrawPromotion>> | null = null;
    for (let i = 0; i < 10 && !refused; i++) {
      const result = await withdrawPromotion("regulatory-status", null, approver, { reason: "Again" });
      if (!result.ok) refused = result;
    }
    expect(refused).toMatchObject({ ok: false, message: WITHDRAW_MESSAGES.noFallback });
    expect(await disclosedStatus()).toBe(NOT_AUTHORISED);
  });

  it("a scheduled status waiting for approval does not take effect at its time; approved, it does", async () => {
    await updateRegulatoryStatus(seeded as never, seed);
    await setApprovalRequired(true, admin);
    setClock(() => new Date("2031-05-01T08:00:00Z"));
    const scheduled = {
      ...seeded,
      scheduledStatus: "authorised",
      scheduledFirmFrn: "7654321",
      takesEffectAt: "2031-05-01T09:00:00Z",
    };
    const id = await pendingIdOf(await putStatus(scheduled));
    // Its time passes (a restart: nothing cached) with the change still waiting: nothing changes.
    clearContentCache();
    setClock(() => new Date("2031-05-01T09:30:00Z"));
    expect(await disclosedStatus()).toBe(NOT_AUTHORISED);
    expect((await getRegulatoryStatus()).scheduledStatus).toBe("");

    // Approved before a second scheduled time: it takes effect at that time by itself.
    setClock(() => new Date("2031-05-01T08:00:00Z"));
    clearContentCache();
    const rejected = await rejectPromotion(id, approver, { reason: "Wrong time." });
    expect(rejected.ok).toBe(true);
    const again = await pendingIdOf(await putStatus({ ...scheduled, takesEffectAt: "2031-05-01T12:00:00Z" }));
    expect((await approvePromotion(again, approver, { rationale: "Permission granted from noon." })).ok).toBe(
      true,
    );
    expect(await disclosedStatus()).toBe(NOT_AUTHORISED);
    clearContentCache();
    setClock(() => new Date("2031-05-01T12:00:01Z"));
    expect(await disclosedStatus()).toBe(AUTHORISED);
  });

  it("with approval off, a save is live at once (200), as before", async () => {
    await updateRegulatoryStatus(seeded as never, seed);
    const response = await putStatus(asAr);
    expect(response.status).toBe(200);
    expect(await disclosedStatus()).toBe(AR);
    await updateRegulatoryStatus(seeded as never, seed);
  });
});

describe("the risk warnings, while financial promotions need approval", () => {
  const changed = defaultRiskWarnings.rmmi.replace("Don't invest", "Do not invest");

  it("the API's change of one class waits (202) and the pages keep the prescribed text until approved; withdrawn, it returns", async () => {
    await updateRiskWarnings(defaultRiskWarnings, seed);
    await setApprovalRequired(true, admin);
    const before = await call(publicWarnings, "/api/risk-warnings");
    const beforeText = await before.clone().text();
    const beforeWarnings = await platformWarnings();

    const response = await call(riskWarningRoute, "/api/admin/risk-warnings/rmmi", {
      method: "PUT",
      json: { text: changed },
      cookie: adminCookie,
      params: { class: "rmmi" },
    });
    const id = await pendingIdOf(response);
    expect(await (await call(publicWarnings, "/api/risk-warnings")).text()).toBe(beforeText);
    expect(await platformWarnings()).toBe(beforeWarnings);
    expect((await getRiskWarnings()).rmmi).toBe(defaultRiskWarnings.rmmi);

    const review = await invoke(reviewPage as RouteHandlers, `/admin/approvals/${id}`, {
      cookie: approverCookie,
      params: { id: String(id) },
    });
    const change = replyBody<{ change: ApprovalPageView }>(review.result).change;
    expect(change.label).toBe("Risk warnings");
    expect(change.diff).toEqual([
      {
        field: "rmmi",
        label: "Restricted mass market investment",
        live: defaultRiskWarnings.rmmi,
        proposed: changed,
      },
    ]);
    expect(change.preview).toMatchObject({ kind: "risk-warnings" });

    expect((await approvePromotion(id, admin, { rationale: "Mine" })).ok).toBe(false);
    const approved = await approvePromotion(id, approver, { rationale: "Same meaning, plainer words." });
    if (!approved.ok) throw new Error("not approved");
    expect(approved.record.pages.map((page) => page.path)).toEqual(["/", "/platforms"]);
    expect((await getRiskWarnings()).rmmi).toBe(changed);
    expect(await platformWarnings()).toContain("Do not invest");
    expect((await getRiskWarnings()).cryptoasset).toBe(defaultRiskWarnings.cryptoasset);

    expect(
      (await withdrawPromotion("risk-warnings", null, approver, { reason: "Not the prescribed words." })).ok,
    ).toBe(true);
    expect(await getRiskWarnings()).toMatchObject(defaultRiskWarnings);
    expect(await platformWarnings()).toBe(beforeWarnings);
  });

  it("the admin screen's save says it is waiting, and a rejection leaves the text as it was", async () => {
    await updateRiskWarnings(defaultRiskWarnings, seed);
    await setApprovalRequired(true, admin);
    const { version } = await getRiskWarnings();
    const { status, result } = await invoke(adminRiskWarnings, "/admin/risk-warnings", {
      method: "POST",
      cookie: adminCookie,
      body: new URLSearchParams({
        rmmi: changed,
        cryptoasset: defaultRiskWarnings.cryptoasset,
        version: String(version),
      }),
    });
    expect(status).toBe(302);
    expect((await redirected(result)).toast).toMatchObject({ description: PENDING_APPROVAL_MESSAGE });
    const screen = await invoke(adminRiskWarnings, "/admin/risk-warnings", { cookie: adminCookie });
    const pending = replyBody<{ pending: { id: number } | null }>(screen.result).pending;
    expect(pending).not.toBeNull();
    expect((await rejectPromotion(pending!.id, approver, { reason: "Keep the prescribed words." })).ok).toBe(
      true,
    );
    expect((await getRiskWarnings()).rmmi).toBe(defaultRiskWarnings.rmmi);
  });
});
