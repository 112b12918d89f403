/** What the register of financial promotions shows on the client and the server (issue 42). */

export type PromotionDecision = "approved" | "rejected" | "withdrawn";

export const DECISION_LABELS: Record<PromotionDecision, string> = {
  approved: "Approved",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
};

/** A review this close (or past) counts as due. */
export const REVIEW_DUE_DAYS = 30;
