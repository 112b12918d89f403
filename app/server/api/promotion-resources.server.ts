import { z } from "zod";
import { PROMOTION_COLLECTIONS, PROMOTION_DECISIONS } from "~db/schema";
import type { PromotionRecord } from "~/models/promotions.server";
import { idNumber, isoTime, named } from "~/server/api/openapi-operations.server";
import { pickJson } from "~/server/collections/store.server";

/**
 * What the financial promotions API answers (issue 42): the register (/api/admin/promotions) and the
 * approval setting (/api/admin/settings/approval). The OpenAPI document is generated from these.
 */

export const promotionPage = named(
  z.object({
    path: z.string().meta({ description: "The public page's path" }),
    html: z.string().meta({ description: "The HTML a signed-out visitor was sent, as kept at the decision" }),
  }),
  "PromotionPage",
);

export const promotionRecord = named(
  z.object({
    id: idNumber,
    reference: z.string().meta({ description: "The register's number: FP-2026-0001" }),
    decision: z.enum(PROMOTION_DECISIONS),
    collection: z.enum(PROMOTION_COLLECTIONS),
    recordId: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The record's id; null for a settings record" }),
    versionId: z.number().int().nullable(),
    label: z.string(),
    owner: z.string().meta({ description: "Who answers for the promotion: the company's name at the time" }),
    products: z.array(z.string()),
    values: z.record(z.string(), z.unknown()).meta({ description: "The values as decided" }),
    pages: z.array(promotionPage),
    snapshotSha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta({ description: "SHA-256 (hex) of the pages as kept" }),
    authors: z.array(z.string()),
    decidedBy: z.string(),
    rationale: z.string(),
    reviewBy: z.iso.date().nullable().meta({ description: "When the approval is to be reviewed" }),
    decidedAt: isoTime,
  }),
  "PromotionRecord",
);

export type PromotionRecordJson = z.infer<typeof promotionRecord>;

const promotionRecordFields = pickJson(promotionRecord) as (record: PromotionRecord) => PromotionRecordJson;

export function promotionRecordJson(record: PromotionRecord): PromotionRecordJson {
  return { ...promotionRecordFields(record), pages: record.pages.map(({ path, html }) => ({ path, html })) };
}

export const approvalSetting = named(
  z.object({
    required: z
      .boolean()
      .meta({ description: "Whether a change to a financial promotion waits for approval" }),
    version: z.number().int().min(0),
  }),
  "ApprovalSetting",
);

export const approvalSettingRequest = named(
  z.strictObject({
    required: z
      .boolean()
      .meta({ description: "Whether a change to a financial promotion waits for approval" }),
  }),
  "ApprovalSettingInput",
);
