import { z } from "zod";
import { requiredText } from "./fields";

export { LEGAL_DOCUMENT_KEYS, LEGAL_DOCUMENT_PATHS, type LegalDocumentKey } from "./legal-document-keys";

export const LEGAL_MESSAGES = {
  bodyRequired: "Body is required",
  effectiveDate: "Enter the date this version takes effect, for example 2026-12-01",
  changeSummaryRequired: "Change summary is required",
} as const;

const isoDate = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() : value),
  z
    .string({ error: LEGAL_MESSAGES.effectiveDate })
    .regex(/^\d{4}-\d{2}-\d{2}$/, LEGAL_MESSAGES.effectiveDate)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= "2000-01-01";
    }, LEGAL_MESSAGES.effectiveDate),
);

/** A new version of a legal document: the editor at /admin/legal/{key} and PUT /api/admin/legal-documents/{key}. */
export const legalDocumentSchema = z.object({
  body: requiredText(LEGAL_MESSAGES.bodyRequired, 100_000),
  effectiveDate: isoDate,
  changeSummary: requiredText(LEGAL_MESSAGES.changeSummaryRequired, 300),
});
export type LegalDocumentInput = z.infer<typeof legalDocumentSchema>;
