import { z } from "zod";
import type { PromotionVersion } from "~/models/promotions.server";
import { approveSchema, rejectSchema } from "~/schemas/approval";
import { idNumber, isoTime, named } from "~/server/api/openapi-operations.server";
import { pickJson } from "~/server/collections/store.server";
import { promotionRecord, promotionRecordJson, type PromotionRecordJson } from "~/server/api/promotion-resources.server";

export { promotionRecord, promotionRecordJson, type PromotionRecordJson };
import type { ApprovalDetail } from "~/server/promotions/approval-screens.server";
import { PROMOTION_COLLECTIONS, PROMOTION_VERSION_STATUSES } from "~db/schema";

/**
 * What the approvals API (/api/admin/approvals) accepts and answers: changes to financial promotions
 * waiting for (or given) a decision, and the register's entries decisions make. The requests are the
 * Approvals screen's own schemas (app/schemas/approval.ts), strict; the OpenAPI document is generated from these.
 */

/** POST /api/admin/approvals/{id}/approve. */
export const approveRequest = named(z.strictObject(approveSchema.shape), "PromotionApprovalInput");

/** POST /api/admin/approvals/{id}/reject. */
export const rejectRequest = named(z.strictObject(rejectSchema.shape), "PromotionRejectionInput");

export const promotionChangeRecord = named(
  z.object({
    id: idNumber,
    collection: z.enum(PROMOTION_COLLECTIONS),
    recordId: idNumber.nullable().meta({
        description: "The record it changes; null for a new record (and for the hero, a single record)",
      }),
    label: z.string().meta({ description: 'What it is: "Hero Section", "product: Open Banking"' }),
    status: z.enum(PROMOTION_VERSION_STATUSES).meta({
      description: "pending until decided; superseded when a newer change to the same record replaced it",
    }),
    authorEmail: z.string(),
    createdAt: isoTime,
    decidedAt: isoTime.nullable(),
    decidedBy: z.string().nullable(),
    reason: z.string().meta({ description: "A rejection's reason, shown to the author (empty otherwise)" }),
  }),
  "PromotionChange",
);

export const promotionChangeDetail = named(
  z.object({
    ...promotionChangeRecord.shape,
    values: z
      .record(z.string(), z.unknown())
      .meta({ description: "The values proposed, as validated when saved" }),
    diff: z
      .array(z.object({ field: z.string(), label: z.string(), live: z.string(), proposed: z.string() }))
      .meta({ description: "Each field the change alters, against the live record (empty once decided)" }),
    publicPaths: z.array(z.string()).meta({ description: "The public pages the promotion appears on" }),
    record: promotionRecord
      .nullable()
      .meta({
        description: "Its entry in the register once approved or rejected; null while pending or superseded",
      }),
  }),
  "PromotionChangeDetail",
);

export type PromotionChangeJson = z.infer<typeof promotionChangeRecord>;
export type PromotionChangeDetailJson = z.infer<typeof promotionChangeDetail>;

export const promotionChangeJson = pickJson(promotionChangeRecord) as (version: PromotionVersion) => PromotionChangeJson;


export function promotionChangeDetailJson(detail: ApprovalDetail): PromotionChangeDetailJson {
  return {
    ...promotionChangeJson(detail.version),
    values: detail.version.values,
    diff: detail.diff,
    publicPaths: [...detail.publicPaths],
    record: detail.record ? promotionRecordJson(detail.record) : null,
  };
}
