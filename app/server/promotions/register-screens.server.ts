import { eq } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { promotionRecords, PROMOTION_DECISIONS } from "~db/schema";
import { formatAdminTime } from "~/components/admin/format-time";
import {
  approvalRequired,
  listPromotionRecords,
  readApprovalSetting,
  setApprovalRequired,
  snapshotHash,
  type PromotionRecord,
} from "~/models/promotions.server";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { promotionRecordJson } from "~/server/api/promotion-resources.server";
import { actorOf, type OperatorUser, type SessionUser } from "~/server/auth/auth.server";
import { isAdmin } from "~/server/auth/operator-sessions.server";
import { getConfig } from "~/server/config.server";
import { failureToast, handleAdminForm, successToast } from "~/server/forms/admin-action.server";
import type { AppLoadContext } from "@remix-run/node";
import { withdrawalSchema } from "~/schemas/withdrawal";
import { mayUse } from "~/server/auth/access.server";
import { isStandingApproval, withdrawPromotion, WITHDRAW_MESSAGES } from "./approvals.server";
import type { ToastMessage } from "~/utils/toast";
import { formatIsoDate } from "~/utils/dates";
import { toCsv } from "~/utils/csv";
import { REVIEW_DUE_DAYS, type PromotionDecision } from "~/utils/promotions";

/**
 * The register of financial promotions on the admin's screens (issue 42): the list with its filters, its
 * exports (CSV, JSON), one record with its hash checked again, the approval setting's form and the
 * dashboard's notice while approval is off. The rows are only read here: the database refuses to change them.
 */

export type { PromotionDecision };
export type DecisionFilter = "all" | PromotionDecision;

export const APPROVAL_OFF_NOTICE =
  "Financial promotions go live without approval. An admin can require approval on the Promotions screen.";

export const SETTING_MESSAGES = {
  on: "Financial promotions now need approval.",
  off: "Financial promotions no longer need approval.",
  failed: "Failed to save the approval setting. Please try again.",
} as const;

export interface RegisterFilters {
  decision: DecisionFilter;
  reviewDue: boolean;
}

function isDecision(value: string | null): value is PromotionDecision {
  return (PROMOTION_DECISIONS as readonly (string | null)[]).includes(value);
}

/** The filters a URL asks for (`?decision=approved&review=due`); anything else: no filter. */
export function registerFilters(url: URL): RegisterFilters {
  const decision = url.searchParams.get("decision");
  return {
    decision: isDecision(decision) ? decision : "all",
    reviewDue: url.searchParams.get("review") === "due",
  };
}

/** The `?decision=` of the API: absent, or one of the decisions (null: anything else, a 400). */
export function apiDecision(url: URL): PromotionDecision | undefined | null {
  const value = url.searchParams.get("decision");
  if (value === null || value === "") return undefined;
  return isDecision(value) ? value : null;
}

/** Today's date in London, as YYYY-MM-DD, moved by `days`. */
function londonDate(now: Date, days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(now);
  const moved = new Date(`${today}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** Whether a record's review date is past or within REVIEW_DUE_DAYS of today. */
export function reviewDue(record: Pick<PromotionRecord, "reviewBy">, now = new Date()): boolean {
  return record.reviewBy !== null && record.reviewBy <= londonDate(now, REVIEW_DUE_DAYS);
}

function reviewOverdue(record: Pick<PromotionRecord, "reviewBy">, now: Date): boolean {
  return record.reviewBy !== null && record.reviewBy < londonDate(now);
}

export function filterRecords(
  records: readonly PromotionRecord[],
  filters: RegisterFilters,
  now = new Date(),
): PromotionRecord[] {
  return records.filter(
    (record) =>
      (filters.decision === "all" || record.decision === filters.decision) &&
      (!filters.reviewDue || reviewDue(record, now)),
  );
}

/** The register, newest first, as the API and the JSON export answer it; optionally one decision's rows. */
export async function registerJson(decision?: PromotionDecision) {
  const records = await listPromotionRecords();
  return records.filter((record) => !decision || record.decision === decision).map(promotionRecordJson);
}

/** The Promotions screen: the setting (changeable by an admin), the filters and the rows they keep. */
export async function registerScreen(user: OperatorUser, url: URL) {
  const filters = registerFilters(url);
  const [setting, records] = await Promise.all([readApprovalSetting(), listPromotionRecords()]);
  const now = new Date();
  const rows = filterRecords(records, filters, now);
  return {
    filters,
    admin: isAdmin(user),
    required: setting.required,
    total: records.length,
    records: rows.map((record) => ({
      id: record.id,
      reference: record.reference,
      decision: record.decision,
      label: record.label,
      decidedBy: record.decidedBy,
      decidedAt: record.decidedAt.toISOString(),
      decided: formatAdminTime(record.decidedAt, now),
      reviewBy: record.reviewBy,
      review: record.reviewBy ? formatIsoDate(record.reviewBy) : null,
      reviewOverdue: reviewOverdue(record, now),
      reviewDue: reviewDue(record, now),
      hash: record.snapshotSha256,
    })),
  };
}

/** One record of the register with everything kept, and whether its pages still give its hash. */
export async function recordScreen(id: number) {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [record] = await getDb().select().from(promotionRecords).where(eq(promotionRecords.id, id));
  if (!record) return null;
  const recomputed = snapshotHash(record.pages);
  return {
    ...promotionRecordJson(record),
    decided: formatAdminTime(record.decidedAt),
    review: record.reviewBy ? formatIsoDate(record.reviewBy) : null,
    recomputed,
    hashMatches: recomputed === record.snapshotSha256,
  };
}

export const REGISTER_CSV_HEADER = [
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
] as const;

/** The register as CSV: every field but the pages' HTML (their paths are kept, and the hash of them). */
export async function registerCsv(): Promise<string> {
  const records = await listPromotionRecords();
  return toCsv(
    REGISTER_CSV_HEADER,
    records.map((record) => [
      record.reference,
      record.decision,
      record.collection,
      record.recordId,
      record.label,
      record.owner,
      record.products.join("; "),
      JSON.stringify(record.values),
      record.pages.map((page) => page.path).join(" "),
      record.snapshotSha256,
      record.authors.join("; "),
      record.decidedBy,
      record.rationale,
      record.reviewBy,
      record.decidedAt,
    ]),
  );
}

/** The name of an export file: promotions-register-2026-11-27.csv */
export function exportFileName(extension: "csv" | "json", now = new Date()): string {
  return `promotions-register-${londonDate(now)}.${extension}`;
}

/** The setting form's post (an admin's: the access rules let nobody else here). */
export async function saveApprovalSetting(
  formData: FormData,
  user: SessionUser,
  limited: boolean,
): Promise<ToastMessage> {
  if (limited) return failureToast(RATE_LIMIT_MESSAGE);
  const required = formData.get("required") === "on";
  try {
    await setApprovalRequired(required, actorOf(user));
  } catch (error) {
    console.error(`[admin] ${SETTING_MESSAGES.failed}`, error);
    return failureToast(SETTING_MESSAGES.failed);
  }
  return successToast(required ? SETTING_MESSAGES.on : SETTING_MESSAGES.off);
}

/** The dashboard's notice: said on a deployed site while promotions go live without approval. */
export async function approvalOffNotice(): Promise<string | null> {
  if (!getConfig().deployed) return null;
  return (await approvalRequired()) ? null : APPROVAL_OFF_NOTICE;
}

/** Whether the record's page offers the withdrawal: an approval still standing, to an approver or admin. */
export async function withdrawScreen(user: OperatorUser, request: Request, id: number): Promise<boolean> {
  if (!mayUse(user.operator.role, new URL(request.url).pathname, "POST")) return false;
  const [record] = await getDb().select().from(promotionRecords).where(eq(promotionRecords.id, id));
  return record ? isStandingApproval(record) : false;
}

export async function withdrawAction(request: Request, context: AppLoadContext, id: number) {
  return handleAdminForm({
    request,
    context,
    schema: withdrawalSchema,
    async write({ reason }, actor) {
      const [record] = await getDb().select().from(promotionRecords).where(eq(promotionRecords.id, id));
      if (!record || !(await isStandingApproval(record))) {
        return { ok: false, reason: "conflict", message: WITHDRAW_MESSAGES.notLive } as const;
      }
      return withdrawPromotion(record.collection, record.recordId, actor, { reason });
    },
    successUrl: "/admin/promotions",
    successMessage: WITHDRAW_MESSAGES.withdrawn,
    failureMessage: "Failed to withdraw the promotion. Please try again.",
  });
}

/**
 * The dashboard's "Reviews due": approvals still standing (not withdrawn, not replaced by a newer approval of
 * the same record) whose review date is past or within REVIEW_DUE_DAYS, soonest first.
 */
export async function reviewsDue(now = new Date()) {
  const records = await listPromotionRecords();
  const seen = new Set<string>();
  const withdrawn = new Set(records.filter((row) => row.decision === "withdrawn").map((row) => row.versionId));
  const due: { id: number; reference: string; label: string; reviewBy: string; reviewByDate: string; overdue: boolean }[] = [];
  for (const record of records) {
    if (record.decision !== "approved") continue;
    const key = `${record.collection}:${record.recordId ?? ""}`;
    if (seen.has(key)) continue; // a newer approval of the same record stands instead
    seen.add(key);
    if (withdrawn.has(record.versionId) || !reviewDue(record, now)) continue;
    due.push({
      id: record.id,
      reference: record.reference,
      label: record.label,
      reviewBy: formatIsoDate(record.reviewBy!),
      reviewByDate: record.reviewBy!,
      overdue: reviewOverdue(record, now),
    });
  }
  // By the date itself (YYYY-MM-DD), not its words: "10 March" must not come before "9 March".
  return due.sort((a, b) => a.reviewByDate.localeCompare(b.reviewByDate) || a.id - b.id);
}
