import type { z } from "zod";
import type { Actor, WriteResult } from "~/models/actor";
import type { PromotionRecord } from "~/models/promotions.server";
import { apiJson, parseId, readJsonBody, requireOperatorWrite, writtenRecord } from "~/server/api/api.server";
import type { ObjectSchema } from "~/server/api/api.server";
import { promotionRecordJson } from "~/server/api/approval-resources.server";
import { operatorRoute } from "~/server/api/history-api.server";
import { actorOf } from "~/server/auth/auth.server";
import { APPROVAL_SCREEN_MESSAGES } from "~/server/promotions/approval-screens.server";

/**
 * POST /api/admin/approvals/{id}/{approve|reject}: the caller (an approver or admin who made none of the
 * change) decides a pending change with the body `request` validates; the answer is the register's entry.
 */
export function approvalDecisionRoute<S extends ObjectSchema>(
  request: S,
  decide: (id: number, actor: Actor, body: z.output<S>) => Promise<WriteResult<PromotionRecord>>,
) {
  return operatorRoute({
    async POST(args) {
      const user = await requireOperatorWrite(args);
      const id = parseId(args.params.id, APPROVAL_SCREEN_MESSAGES.notFound);
      const body = await readJsonBody(args.request, request);
      const record = writtenRecord(await decide(id, actorOf(user), body), APPROVAL_SCREEN_MESSAGES.notFound);
      return apiJson(promotionRecordJson(record));
    },
  });
}
