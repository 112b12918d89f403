import { apiJson, parseId, readJsonBody, requireOperatorWrite, writtenRecord } from "~/server/api/api.server";
import {
  promotionRecordJson,
  promotionRecord,
  rejectRequest,
} from "~/server/api/approval-resources.server";
import { operatorRoute } from "~/server/api/history-api.server";
import { operatorCall, type ApiOperation } from "~/server/api/openapi-operations.server";
import { actorOf } from "~/server/auth/auth.server";
import { APPROVAL_SCREEN_MESSAGES } from "~/server/promotions/approval-screens.server";
import { rejectPromotion } from "~/server/promotions/approvals.server";

/**
 * POST /api/admin/approvals/{id}/reject: an approver or admin who made none of the change rejects it with a
 * reason the author sees; nothing changes on the site, and the register keeps the rejection.
 */
const handle = operatorRoute({
  async POST(args) {
    const user = await requireOperatorWrite(args);
    const id = parseId(args.params.id, APPROVAL_SCREEN_MESSAGES.notFound);
    const { reason } = await readJsonBody(args.request, rejectRequest);
    const record = writtenRecord(
      await rejectPromotion(id, actorOf(user), { reason }),
      APPROVAL_SCREEN_MESSAGES.notFound,
    );
    return apiJson(promotionRecordJson(record));
  },
});

export { handle as loader, handle as action };

export const openapi: ApiOperation[] = [
  operatorCall(
    "post",
    "/api/admin/approvals/{id}/reject",
    "Reject a pending change to a financial promotion, with a reason the author sees",
    { status: 200, schema: promotionRecord },
    {
      request: rejectRequest,
      description:
        "Only an approver or an admin, and never the change's author (400, under `reason`). Nothing changes on the site; the register keeps the rejection, which is the answer.",
      also: [409],
      errorNotes: {
        400: "A missing reason, or the caller's own change",
        409: "Decided already, or replaced by a newer change",
      },
    },
  ),
];
