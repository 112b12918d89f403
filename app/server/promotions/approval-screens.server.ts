import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/node";
import { formatAdminTime } from "~/components/admin/format-time";
import type { WriteResult } from "~/models/actor";
import {
  getPromotionVersion,
  listPromotionRecords,
  listPromotionVersions,
  recordsOf,
  type PromotionRecord,
  type PromotionVersion,
} from "~/models/promotions.server";
import { approveSchema, rejectSchema } from "~/schemas/approval";
import { mayUse } from "~/server/auth/access.server";
import { actorOf, type OperatorUser } from "~/server/auth/auth.server";
import {
  ADMIN_CACHE_HEADERS,
  beginAdminWrite,
  failureToast,
  notFound,
  refusedForm,
  rateLimitedReply,
  reply,
  successToast,
  writeFailedReply,
} from "~/server/forms/admin-action.server";
import { readFormData } from "~/server/forms/form-data.server";
import { recordPathOf } from "./public-pages.server";
import { disclosureOf, type RegulatoryRecord } from "~/utils/regulatory";
import { formatLondonDateTime } from "~/utils/london-time";
import { previewHref, previewPagesOf } from "./approval-preview.server";
import { redirectWithToast } from "~/server/forms/toast.server";
import {
  APPROVAL_STATUSES,
  APPROVALS_URL,
  approvalHref,
  isApprovalStatus,
  type ApprovalStatus,
} from "~/utils/approval-screens";
import {
  APPROVAL_MESSAGES,
  approvePromotion,
  collectionOfPromotion,
  defaultReviewBy,
  diffOf,
  liveValuesOf,
  rejectPromotion,
  type FieldChange,
} from "./approvals.server";

/**
 * The Approvals screens' side of the server (/admin/approvals and a pending change's page): what their
 * loaders send and their approve and reject forms. The JSON API (/api/admin/approvals) shares these reads.
 */

export { APPROVAL_STATUSES, APPROVALS_URL, approvalHref, isApprovalStatus, type ApprovalStatus };

export const APPROVAL_SCREEN_MESSAGES = {
  approveFailed: "Failed to approve the change. Please try again.",
  rejectFailed: "Failed to reject the change. Please try again.",
  notFound: "Change not found",
} as const;

/** What a list row shows of a change. */
export interface ApprovalRowView {
  id: number;
  label: string;
  collection: string;
  collectionNoun: string;
  author: string;
  savedAt: string;
  saved: string;
  decidedBy: string | null;
  decidedAt: string | null;
  decided: string | null;
}

export function approvalRowView(version: PromotionVersion, now = new Date()): ApprovalRowView {
  return {
    id: version.id,
    label: version.label,
    collection: version.collection,
    collectionNoun: collectionOfPromotion(version.collection).noun,
    author: version.authorEmail,
    savedAt: version.createdAt.toISOString(),
    saved: formatAdminTime(version.createdAt, now),
    decidedBy: version.decidedBy,
    decidedAt: version.decidedAt?.toISOString() ?? null,
    decided: version.decidedAt ? formatAdminTime(version.decidedAt, now) : null,
  };
}

export async function approvalListView(status: ApprovalStatus): Promise<ApprovalRowView[]> {
  const now = new Date();
  return (await listPromotionVersions(status)).map((version) => approvalRowView(version, now));
}

/** A simple, honest picture of the proposed values, as the public page shows that kind of record. */
export type ApprovalPreview =
  | { kind: "hero"; title: string; subtitle: string; primaryCtaText: string; secondaryCtaText: string }
  | { kind: "product"; name: string; description: string; badge: string }
  | { kind: "statistic"; value: string; label: string }
  | { kind: "publication"; noun: string; title: string; summary: string; path: string }
  | { kind: "disclosure"; lines: string[]; scheduled: string | null }
  | { kind: "risk-warnings"; warnings: { label: string; text: string }[] };

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

export function previewOf(version: PromotionVersion, live: Record<string, unknown> | null): ApprovalPreview {
  const values = { ...(live ?? {}), ...version.values };
  switch (version.collection) {
    case "hero-content":
      return {
        kind: "hero",
        title: text(values.title),
        subtitle: text(values.subtitle),
        primaryCtaText: text(values.primaryCtaText),
        secondaryCtaText: text(values.secondaryCtaText),
      };
    case "products":
      return {
        kind: "product",
        name: text(values.name),
        description: text(values.description),
        badge: text(values.badge),
      };
    case "statistics":
      return { kind: "statistic", value: text(values.value), label: text(values.label) };
    case "posts":
    case "roles":
      return {
        kind: "publication",
        noun: version.collection === "posts" ? "News post" : "Open role",
        title: text(values.title),
        summary: text(values.summary),
        path: recordPathOf(version.collection, values) ?? "",
      };
    case "regulatory-status": {
      // The footer's lines as they would read, and what a scheduled status would say at its time.
      const record = values as unknown as RegulatoryRecord;
      const disclosure = disclosureOf({ ...record, scheduledStatus: "" }, new Date());
      const at = record.takesEffectAt ? new Date(record.takesEffectAt) : null;
      const scheduled =
        record.scheduledStatus && at && !Number.isNaN(at.getTime())
          ? `From ${formatLondonDateTime(at.toISOString())}: ${disclosureOf(record, at).status}`
          : null;
      return {
        kind: "disclosure",
        lines: [disclosure.status, disclosure.company, disclosure.vat ?? ""].filter(Boolean),
        scheduled,
      };
    }
    case "risk-warnings": {
      const labels = collectionOfPromotion(version.collection).history?.fields ?? {};
      return {
        kind: "risk-warnings",
        warnings: Object.entries(labels).map(([field, label]) => ({ label, text: text(values[field]) })),
      };
    }
  }
}

/** The register's entry of a decided change (none while it is pending, or superseded). */
export async function registerEntryOf(version: PromotionVersion): Promise<PromotionRecord | null> {
  if (version.status !== "approved" && version.status !== "rejected") return null;
  // A new record's approval is registered under the id it was given, so its versionId is what finds it.
  const candidates =
    version.recordId !== null
      ? await recordsOf(version.collection, version.recordId)
      : await listPromotionRecords();
  return candidates.find((record) => record.versionId === version.id) ?? null;
}

export interface ApprovalDetail {
  version: PromotionVersion;
  diff: FieldChange[];
  preview: ApprovalPreview;
  publicPaths: readonly string[];
  record: PromotionRecord | null;
}

/** A change with what an approver reviews: its diff against the live record, a preview, the pages it shows on. */
export async function approvalDetail(id: number): Promise<ApprovalDetail | null> {
  const version = await getPromotionVersion(id);
  if (!version) return null;
  const pending = version.status === "pending";
  const live = pending ? await liveValuesOf(version) : null;
  return {
    version,
    // Once decided, the live record is the change itself (or has moved on): the diff is of a pending one.
    diff: pending ? await diffOf(version) : [],
    preview: previewOf(version, live),
    publicPaths: collectionOfPromotion(version.collection).publicPaths,
    record: await registerEntryOf(version),
  };
}

/** A change's page, for this operator: whether they may decide it, or why not. */
export async function approvalPageView(id: number, user: OperatorUser) {
  const detail = await approvalDetail(id);
  if (!detail) return null;
  const { version, record } = detail;
  const now = new Date();
  const own = version.authorEmail.toLowerCase() === user.email.toLowerCase();
  const mayDecide = mayUse(user.operator.role, `${APPROVALS_URL}/${id}`, "POST");
  // The real pages with the change in place: for those who decide it, while it is pending.
  const previewPages =
    version.status === "pending" && mayUse(user.operator.role, `${APPROVALS_URL}/${id}/preview`, "GET")
      ? previewPagesOf(version.collection, { ...((await liveValuesOf(version)) ?? {}), ...version.values }).map((page) => ({
          ...page,
          href: previewHref(id, page.path),
        }))
      : [];
  return {
    ...approvalRowView(version, now),
    status: version.status,
    reason: version.reason,
    diff: detail.diff,
    preview: detail.preview,
    publicPaths: [...detail.publicPaths],
    previewPages,
    own,
    /** Pending, not the author's own, and a role that decides (approver or admin): the forms are shown. */
    mayDecide: version.status === "pending" && !own && mayDecide,
    defaultReviewBy: defaultReviewBy(now),
    record: record && {
      reference: record.reference,
      decision: record.decision,
      decidedBy: record.decidedBy,
      rationale: record.rationale,
      reviewBy: record.reviewBy,
      snapshotSha256: record.snapshotSha256,
      pages: record.pages.map((page) => page.path),
      decided: formatAdminTime(record.decidedAt, now),
      decidedAt: record.decidedAt.toISOString(),
    },
  };
}

export type ApprovalPageView = NonNullable<Awaited<ReturnType<typeof approvalPageView>>>;

/**
 * The approve and reject forms of a change's page (`intent`: "approve" or "reject"), posted natively: the
 * schema's messages under their fields (400), the author's own change refused with the server's message
 * (400, under the field), a change decided meanwhile 409, and the decision's toast on the list.
 */
export async function handleApprovalDecision({
  request,
  context,
  id,
}: {
  request: Request;
  context: AppLoadContext;
  id: number;
}) {
  const { user, limited } = await beginAdminWrite(request, context);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent !== "approve" && intent !== "reject") {
    throw new Response("Bad Request", { status: 400, headers: ADMIN_CACHE_HEADERS });
  }
  const submission =
    intent === "approve"
      ? parseWithZod(formData, { schema: approveSchema, disableAutoCoercion: true })
      : parseWithZod(formData, { schema: rejectSchema, disableAutoCoercion: true });
  const failureMessage =
    intent === "approve" ? APPROVAL_SCREEN_MESSAGES.approveFailed : APPROVAL_SCREEN_MESSAGES.rejectFailed;

  if (limited) return rateLimitedReply(intent, submission, limited.retryAfter);
  if (submission.status !== "success") return reply({ intent, result: submission.reply() }, 400);

  let outcome: WriteResult<PromotionRecord>;
  try {
    const actor = actorOf(user);
    const value = submission.value as Record<string, unknown>;
    outcome =
      intent === "approve"
        ? await approvePromotion(id, actor, {
            rationale: String(value.rationale),
            reviewBy: (value.reviewBy as string | null | undefined) ?? null,
          })
        : await rejectPromotion(id, actor, { reason: String(value.reason) });
  } catch (error) {
    return writeFailedReply(intent, submission, failureMessage, error);
  }

  if (outcome.ok) {
    const message = intent === "approve" ? APPROVAL_MESSAGES.approved : APPROVAL_MESSAGES.rejected;
    return redirectWithToast(
      APPROVALS_URL,
      successToast(`${message} Register reference ${outcome.record.reference}.`),
    );
  }
  switch (outcome.reason) {
    case "not_found":
      throw notFound();
    case "invalid":
      return reply(
        {
          intent,
          result: submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } }),
          toast: failureToast(outcome.message),
        },
        400,
      );
    case "conflict":
      return refusedForm(intent, submission, outcome.message, 409);
  }
}
