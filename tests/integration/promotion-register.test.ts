import { desc, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~db/client.server";
import { auditLog } from "~db/schema";
import {
  readApprovalSetting,
  recordPromotionDecision,
  setApprovalRequired,
  type PromotionRecord,
} from "~/models/promotions.server";
import * as dashboard from "~/routes/admin._index";
import * as register from "~/routes/admin.promotions";
import * as registerCsv from "~/routes/admin.promotions[.]csv";
import * as registerJsonExport from "~/routes/admin.promotions[.]json";
import * as recordPage from "~/routes/admin.promotions_.$id";
import * as setting from "~/routes/admin.promotions.setting";
import * as registerApi from "~/routes/api.admin.promotions";
import * as settingApi from "~/routes/api.admin.settings.approval";
import { getConfig, setConfig } from "~/server/config.server";
import { APPROVAL_OFF_NOTICE, REGISTER_CSV_HEADER } from "~/server/promotions/register-screens.server";
import { parseCsv } from "~/utils/csv";
import { call, invoke, jsonOf, operatorCookie } from "../helpers/api-client";
import { body, headersOf, redirected } from "../helpers/form-answers";

/**
 * The register of financial promotions (issue 42): the Promotions screen with its filters, its CSV and
 * JSON exports, a record's page with its hash checked again, the approval setting (an admin's, audited),
 * the API, the dashboard's notice, and the database refusing to change or delete a row.
 */

interface ScreenRow {
  id: number;
  reference: string;
  decision: string;
  label: string;
  hash: string;
  reviewDue: boolean;
}
interface ScreenData {
  admin: boolean;
  required: boolean;
  total: number;
  records: ScreenRow[];
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function newRecord(
  decision: PromotionRecord["decision"],
  label: string,
  reviewBy: string | null,
  rationale = "Fair, clear and not misleading",
) {
  return recordPromotionDecision({
    decision,
    collection: "products",
    recordId: 7,
    versionId: null,
    label,
    owner: "Kestrel Insight Ltd",
    products: ["Cash ISA"],
    values: { name: "Cash ISA", rate: "4.1%" },
    pages: [
      { path: "/products", html: `<main><h1>${label}</h1><script>alert(1)</script></main>` },
      { path: "/", html: "<main>Home</main>" },
    ],
    authors: ["edith.editor@kestrelinsight.example"],
    decidedBy: "arthur.approver@kestrelinsight.example",
    rationale,
    reviewBy,
  });
}

let admin: string;
let editor: string;
let approver: string;
let approved: PromotionRecord;
let rejected: PromotionRecord;
let withdrawn: PromotionRecord;

beforeAll(async () => {
  admin = await operatorCookie();
  editor = await operatorCookie("edith.editor@kestrelinsight.example", "editor");
  approver = await operatorCookie("arthur.approver@kestrelinsight.example", "approver");
  approved = await newRecord("approved", "Product: Cash ISA", day(10));
  rejected = await newRecord("rejected", "Product: Cash ISA (rejected)", null);
  withdrawn = await newRecord("withdrawn", "Product: Cash ISA (withdrawn)", day(200), '=HYPERLINK("x")');
});

async function screen(cookie: string, search = "") {
  const answer = await invoke(register, "/admin/promotions", { cookie, search });
  return { status: answer.status, data: body<ScreenData>(answer.result) };
}

describe("the register", () => {
  it("numbers records by year and lists every one, newest first", async () => {
    const year = new Date().getUTCFullYear();
    expect(approved.reference).toMatch(new RegExp(`^FP-${year}-\\d{4}$`));
    const { status, data } = await screen(editor);
    expect(status).toBe(200);
    expect(data.records.map((row) => row.reference)).toEqual([
      withdrawn.reference,
      rejected.reference,
      approved.reference,
    ]);
    expect(data.records[2]!.hash).toBe(approved.snapshotSha256);
    expect(data.admin).toBe(false);
    expect(data.required).toBe(false);
  });

  it("filters by decision and by a review overdue or due within 30 days", async () => {
    expect((await screen(approver, "?decision=rejected")).data.records.map((r) => r.id)).toEqual([
      rejected.id,
    ]);
    expect((await screen(approver, "?review=due")).data.records.map((r) => r.id)).toEqual([approved.id]);
    expect((await screen(approver, "?decision=withdrawn&review=due")).data.records).toEqual([]);
    // An unknown decision is no filter.
    expect((await screen(approver, "?decision=nonsense")).data.records).toHaveLength(3);
  });

  it("exports CSV without the HTML (paths and hash kept), formula-safe", async () => {
    const response = await call(registerCsv, "/admin/promotions.csv", { cookie: editor });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="promotions-register-.+\.csv"$/,
    );
    const text = await response.text();
    expect(text).not.toContain("<main>");
    const rows = parseCsv(text)!;
    expect(rows[0]).toEqual([...REGISTER_CSV_HEADER]);
    expect(rows).toHaveLength(4);
    const row = Object.fromEntries(REGISTER_CSV_HEADER.map((name, i) => [name, rows[3]![i]]));
    expect(row.reference).toBe(approved.reference);
    expect(row.pages).toBe("/products /");
    expect(row.snapshotSha256).toBe(approved.snapshotSha256);
    expect(row.rationale).toBe("Fair, clear and not misleading");
    // A cell a spreadsheet would read as a formula is kept as text.
    expect(rows[1]![REGISTER_CSV_HEADER.indexOf("rationale")]).toBe(`'=HYPERLINK("x")`);
  });

  it("exports JSON with every field, the pages' HTML and the hash", async () => {
    const response = await call(registerJsonExport, "/admin/promotions.json", { cookie: approver });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="promotions-register-.+\.json"$/,
    );
    const { records } = await jsonOf<{ records: Record<string, unknown>[] }>(response);
    expect(records).toHaveLength(3);
    const last = records[2]!;
    for (const field of [
      "reference",
      "decision",
      "collection",
      "recordId",
      "label",
      "owner",
      "products",
      "values",
      "pages",
      "snapshotSha256",
      "authors",
      "decidedBy",
      "rationale",
      "reviewBy",
      "decidedAt",
    ]) {
      expect(last).toHaveProperty(field);
    }
    expect(last.pages).toEqual(approved.pages);
    expect(last.snapshotSha256).toBe(approved.snapshotSha256);
    expect(last.reviewBy).toBe(day(10));
  });

  it("shows a record with its hash recomputed, and 404 for one that is not there", async () => {
    const answer = await invoke(recordPage, `/admin/promotions/${approved.id}`, {
      cookie: editor,
      params: { id: String(approved.id) },
    });
    expect(answer.status).toBe(200);
    const { record } = body<{ record: { hashMatches: boolean; recomputed: string; pages: unknown[] } }>(
      answer.result,
    );
    expect(record.hashMatches).toBe(true);
    expect(record.recomputed).toBe(approved.snapshotSha256);
    expect(record.pages).toEqual(approved.pages);
    const missing = await invoke(recordPage, "/admin/promotions/999999", {
      cookie: editor,
      params: { id: "999999" },
    });
    expect(missing.status).toBe(404);
  });

  it("is read only: the database refuses an UPDATE and a DELETE", async () => {
    await expect(getDb().execute(sql`update promotion_records set label = 'x'`)).rejects.toThrow();
    await expect(getDb().execute(sql`delete from promotion_records`)).rejects.toThrow();
    expect((await screen(admin)).data.records.map((row) => row.label)).toContain("Product: Cash ISA");
  });

  it("answers the API with the register, optionally one decision's", async () => {
    const all = await jsonOf<{ reference: string; pages: unknown[] }[]>(
      await call(registerApi, "/api/admin/promotions", { cookie: editor }),
    );
    expect(all.map((r) => r.reference)).toEqual([
      withdrawn.reference,
      rejected.reference,
      approved.reference,
    ]);
    expect(all[2]!.pages).toEqual(approved.pages);
    const some = await jsonOf<{ id: number }[]>(
      await call(registerApi, "/api/admin/promotions", { cookie: editor, search: "?decision=approved" }),
    );
    expect(some.map((r) => r.id)).toEqual([approved.id]);
    const bad = await call(registerApi, "/api/admin/promotions", { cookie: editor, search: "?decision=x" });
    expect(bad.status).toBe(400);
  });
});

describe("the approval setting", () => {
  afterEach(async () => {
    await setApprovalRequired(false, { email: "test@kestrelinsight.example", userId: null });
  });

  it("is saved by an admin from the screen, audited; an editor is refused", async () => {
    const on = await invoke(setting, "/admin/promotions/setting", {
      cookie: admin,
      method: "POST",
      body: new URLSearchParams({ required: "on" }),
    });
    const answer = await redirected(on.result);
    expect(answer.location).toBe("/admin/promotions");
    expect(answer.toast?.description).toBe("Financial promotions now need approval.");
    expect((await readApprovalSetting()).required).toBe(true);
    expect((await screen(admin)).data).toMatchObject({ admin: true, required: true });
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, "approval settings"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      actorEmail: "admin@kestrelinsight.example",
      summary: "Financial promotions now need approval",
    });

    const off = await invoke(setting, "/admin/promotions/setting", {
      cookie: admin,
      method: "POST",
      body: new URLSearchParams(),
    });
    expect((await redirected(off.result)).toast?.description).toBe(
      "Financial promotions no longer need approval.",
    );
    expect((await readApprovalSetting()).required).toBe(false);

    const refused = await invoke(setting, "/admin/promotions/setting", {
      cookie: editor,
      method: "POST",
      body: new URLSearchParams({ required: "on" }),
    });
    expect(refused.status).toBe(403);
    expect((await readApprovalSetting()).required).toBe(false);
    // The setting has no page: its GET goes back to the register.
    const get = await invoke(setting, "/admin/promotions/setting", { cookie: admin });
    expect(headersOf(get.result).get("Location")).toBe("/admin/promotions");
  });

  it("is read by anyone and changed by an admin through the API", async () => {
    const read = await jsonOf<{ required: boolean; version: number }>(
      await call(settingApi, "/api/admin/settings/approval", { cookie: editor }),
    );
    expect(read.required).toBe(false);
    const put = await call(settingApi, "/api/admin/settings/approval", {
      cookie: admin,
      method: "PUT",
      json: { required: true },
    });
    expect(put.status).toBe(200);
    const saved = await jsonOf<{ required: boolean; version: number }>(put);
    expect(saved).toEqual({ required: true, version: read.version + 1 });
    const forbidden = await call(settingApi, "/api/admin/settings/approval", {
      cookie: editor,
      method: "PUT",
      json: { required: false },
    });
    expect(forbidden.status).toBe(403);
    const strict = await call(settingApi, "/api/admin/settings/approval", {
      cookie: admin,
      method: "PUT",
      json: { required: true, extra: 1 },
    });
    expect(strict.status).toBe(400);
    const wrongType = await call(settingApi, "/api/admin/settings/approval", {
      cookie: admin,
      method: "PUT",
      json: { required: "yes" },
    });
    expect(wrongType.status).toBe(400);
    expect((await readApprovalSetting()).required).toBe(true);
  });
});

describe("the dashboard's notice", () => {
  async function notice(cookie: string) {
    const answer = await invoke(dashboard, "/admin", { cookie });
    return body<{ approvalOff: string | null }>(answer.result).approvalOff;
  }

  it("says approval is off on a deployed site only, and not once it is on", async () => {
    const local = getConfig();
    expect(await notice(admin)).toBeNull();
    setConfig({ ...local, deployed: true });
    try {
      expect(await notice(admin)).toBe(APPROVAL_OFF_NOTICE);
      await setApprovalRequired(true, { email: "test@kestrelinsight.example", userId: null });
      expect(await notice(admin)).toBeNull();
    } finally {
      setConfig(local);
      await setApprovalRequired(false, { email: "test@kestrelinsight.example", userId: null });
    }
  });
});
