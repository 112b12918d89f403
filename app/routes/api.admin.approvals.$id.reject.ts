import { approvalDecisionRoute } from "~/server/api/approval-decision-api.server";
import { promotionRecord, rejectRequest } from "~/server/api/approval-resources.server";
import { okWith, operatorEndpoint } from "~/server/api/openapi-operations.server";
import { rejectPromotion } from "~/server/promotions/approvals.server";

export const openapi = operatorEndpoint("/api/admin/approvals/{id}/reject", {
  post: {
    summary: "Reject a pending change to a financial promotion, with a reason the author sees",
    success: okWith(promotionRecord),
    request: rejectRequest,
    description:
      "Only an approver or an admin, and never the change's author (400, under `reason`). Nothing changes on the site; the register keeps the rejection, which is the answer.",
    also: [409],
    errorNotes: {
      400: "A missing reason, or the caller's own change",
      409: "Decided already, or replaced by a newer change",
    },
  },
});

/**
 * POST /api/admin/approvals/{id}/reject: an approver or admin who made none of the change rejects it with a
 * reason the author sees; nothing changes on the site, and the register keeps the rejection.
 */
const handle = approvalDecisionRoute(rejectRequest, (id, actor, { reason }) =>
  rejectPromotion(id, actor, { reason }),
);

export { handle as loader, handle as action };
