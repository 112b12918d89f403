import { z } from "zod";
import { blankAsNull, requiredText } from "./fields";

/**
 * Deciding a pending change to a financial promotion (issue 42): the Approvals screen's approve and reject
 * forms and POST /api/admin/approvals/{id}/approve and /reject. The required messages are the server's own
 * (APPROVAL_MESSAGES in app/server/promotions/approvals.server.ts), repeated here for the browser.
 */

export const APPROVAL_TEXT_MAX = 2000;

export const APPROVAL_FORM_MESSAGES = {
  rationaleRequired: "A rationale is required: why it is fair, clear and not misleading",
  reasonRequired: "A reason is required",
  reviewByFormat: "Enter the review date as YYYY-MM-DD",
  reviewByPast: "The review date must be in the future",
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written yyyy-mm-dd (not 2027-02-30). */
function isCalendarDate(value: string): boolean {
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

/** After today (UTC), as the review of an approval must be. */
function isFuture(value: string): boolean {
  return value > new Date().toISOString().slice(0, 10);
}

/** An optional review date: blank or left out is null (the approval then takes a year from today). */
const reviewBy = z
  .preprocess(
    blankAsNull,
    z
      .string({ error: APPROVAL_FORM_MESSAGES.reviewByFormat })
      .regex(ISO_DATE, { error: APPROVAL_FORM_MESSAGES.reviewByFormat, abort: true })
      .refine(isCalendarDate, { message: APPROVAL_FORM_MESSAGES.reviewByFormat, abort: true })
      .refine(isFuture, { message: APPROVAL_FORM_MESSAGES.reviewByPast })
      .nullable(),
  )
  .optional()
  .meta({
    description:
      "When the promotion is next to be reviewed (yyyy-mm-dd, in the future); left out, a year from today",
  });

export const approveSchema = z.object({
  rationale: requiredText(APPROVAL_FORM_MESSAGES.rationaleRequired, APPROVAL_TEXT_MAX).meta({
    description: "Why the promotion is fair, clear and not misleading (kept in the register)",
  }),
  reviewBy,
});
export type ApproveInput = z.infer<typeof approveSchema>;

export const rejectSchema = z.object({
  reason: requiredText(APPROVAL_FORM_MESSAGES.reasonRequired, APPROVAL_TEXT_MAX).meta({
    description: "Why it cannot go live: shown to the author",
  }),
});
export type RejectInput = z.infer<typeof rejectSchema>;
