import { apiJson, parseId, readJsonBody, requireOperatorWrite, writtenRecord } from "~/server/api/api.server";
import {
  approveRequest,
  promotionRecordJson,
  promotionRecord,
} from "~/server/api/approval-resources.server";
import { operatorRoute } from "~/server/api/history-api.server";
import { operatorCall, type ApiOperation } from "~/server/api/openapi-operations.server";
import { actorOf } from "~/server/auth/auth.server";
import { APPROVAL_SCREEN_MESSAGES } from "~/server/promotions/approval-screens.server";
import { approvePromotion } from "~/server/promotions/approvals.server";

/**
 * POST /api/admin/approvals/{id}/approve: an approver or admin who made none of the change approves it with
 * a rationale; it goes live at once and the register keeps it (its entry is the answer).
 */
const handle = operatorRoute({
  async POST(args) {
    const user = await requireOperatorWrite(args);
    const id = parseId(args.params.id, APPROVAL_SCREEN_MESSAGES.notFound);
    const { rationale, reviewBy } = await readJsonBody(args.request, approveRequest);
    const record = writtenRecord(
      await approvePromotion(id, actorOf(user), { rationale, reviewBy: reviewBy ?? null }),
      APPROVAL_SCREEN_MESSAGES.notFound,
    );
    return apiJson(promotionRecordJson(record));
  },
});

export { handle as loader, handle as action };

export const openapi: ApiOperation[] = [
  operatorCall(
    "post",
    "/api/admin/approvals/{id}/approve",
    "Approve a pending change to a financial promotion: it goes live at once",
    { status: 200, schema: promotionRecord },
    {
      request: approveRequest,
      description:
        "Only an approver or an admin, and never the change's author (400, under `rationale`). The register keeps the values, the public pages visitors are then sent and their SHA-256; the answer is that entry.",
      also: [409],
      errorNotes: {
        400: "A missing rationale, a review date that is not a future yyyy-mm-dd, or the caller's own change",
        409: "Decided already or replaced by a newer change, or the live record changed since it was saved",
      },
    },
  ),
];
