import { approvalDecisionRoute } from "~/server/api/approval-decision-api.server";
import { approveRequest, promotionRecord } from "~/server/api/approval-resources.server";
import { okWith, operatorEndpoint } from "~/server/api/openapi-operations.server";
import { approvePromotion } from "~/server/promotions/approvals.server";

export const openapi = operatorEndpoint("/api/admin/approvals/{id}/approve", {
  post: {
    summary: "Approve a pending change to a financial promotion: it goes live at once",
    success: okWith(promotionRecord),
    request: approveRequest,
    description:
      "Only an approver or an admin, and never the change's author (400, under `rationale`). The register keeps the values, the public pages visitors are then sent and their SHA-256; the answer is that entry.",
    also: [409],
    errorNotes: {
      400: "A missing rationale, a review date that is not a future yyyy-mm-dd, or the caller's own change",
      409: "Decided already or replaced by a newer change, or the live record changed since it was saved",
    },
  },
});

/**
 * POST /api/admin/approvals/{id}/approve: an approver or admin who made none of the change approves it with
 * a rationale; it goes live at once and the register keeps it (its entry is the answer).
 */
const handle = approvalDecisionRoute(approveRequest, (id, actor, { rationale, reviewBy }) =>
  approvePromotion(id, actor, { rationale, reviewBy: reviewBy ?? null }),
);

export { handle as loader, handle as action };
