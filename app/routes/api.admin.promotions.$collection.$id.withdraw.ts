import { z } from "zod";
import { COLLECTIONS } from "~/collections";
import { isPromotionCollection, PROMOTION_COLLECTION_NAMES } from "~/models/promotions.server";
import {
  apiError,
  API_MESSAGES,
  apiJson,
  readJsonBody,
  requireOperatorWrite,
  writtenRecord,
} from "~/server/api/api.server";
import { operatorRoute } from "~/server/api/history-api.server";
import { named, okWith, operatorEndpoint } from "~/server/api/openapi-operations.server";
import { promotionRecord, promotionRecordJson } from "~/server/api/promotion-resources.server";
import { actorOf } from "~/server/auth/auth.server";
import { withdrawPromotion } from "~/server/promotions/approvals.server";
import { parseRecordId } from "~/utils/record-id";

const withdrawalRequest = named(
  z.strictObject({ reason: z.string().trim().min(1, "A reason is required").max(2000) }),
  "PromotionWithdrawal",
);

export const openapi = operatorEndpoint("/api/admin/promotions/{collection}/{id}/withdraw", {
  post: {
    summary: "Withdraw a live financial promotion",
    success: okWith(promotionRecord),
    request: withdrawalRequest,
    description:
      "It leaves the public site at once: the hero returns to its last approved version still standing (or the seeded default); the regulatory status and the risk warnings return to the whole record as it was before the withdrawn change was approved (the risk warnings last of all to the prescribed wording); a product or statistic goes to the trash. The withdrawal is kept in the register (answered here). Approvers and admins only.",
    pathParameters: { collection: { pattern: `^(${PROMOTION_COLLECTION_NAMES.join("|")})$` } },
    also: [409],
    errorNotes: {
      409: "The promotion is not live, or (the regulatory status) there is no earlier version to go back to",
    },
  },
});

/**
 * POST /api/admin/promotions/{collection}/{id}/withdraw: a live financial promotion leaves the public site
 * at once (issue 42), recorded in the register. A single record is `/1`: `hero-content/1`, `regulatory-status/1`.
 */
const handle = operatorRoute({
  async POST(args) {
    const user = await requireOperatorWrite(args);
    const { collection, id } = args.params;
    const recordId = parseRecordId(id ?? "");
    if (!collection || !isPromotionCollection(collection) || recordId === null)
      throw apiError(404, API_MESSAGES.notFound);
    const { reason } = await readJsonBody(args.request, withdrawalRequest);
    const single = COLLECTIONS.find((c) => c.name === collection)?.single === true;
    const result = await withdrawPromotion(collection, single ? null : recordId, actorOf(user), { reason });
    return apiJson(promotionRecordJson(writtenRecord(result, API_MESSAGES.notFound)));
  },
});

export { handle as loader, handle as action };
