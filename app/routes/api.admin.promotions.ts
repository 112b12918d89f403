import { PROMOTION_DECISIONS } from "~db/schema";
import { apiError, privateJson } from "~/server/api/api.server";
import { operatorRoute } from "~/server/api/history-api.server";
import { okWithList, operatorEndpoint } from "~/server/api/openapi-operations.server";
import { promotionRecord } from "~/server/api/promotion-resources.server";
import { requireAdminApi } from "~/server/auth/auth.server";
import { apiDecision, registerJson } from "~/server/promotions/register-screens.server";

export const openapi = operatorEndpoint("/api/admin/promotions", {
  get: {
    summary: "The register of financial promotions: every approval, rejection and withdrawal",
    success: okWithList(promotionRecord),
    description:
      "Newest decision first. Each record keeps the values decided, the public pages (path and HTML) visitors were sent and the SHA-256 of them. Records are never changed or deleted.",
    query: [
      { name: "decision", enum: PROMOTION_DECISIONS, description: "Only the records of this decision" },
    ],
    also: [400],
    errorNotes: { 400: "An unknown `decision`" },
  },
});

const BAD_DECISION = `decision must be one of: ${PROMOTION_DECISIONS.join(", ")}`;

/**
 * GET /api/admin/promotions: the register of financial promotions, newest decision first, every field
 * (the pages' HTML and its SHA-256 included); `?decision=` keeps one decision's rows. Read only: the rows
 * are never changed or deleted.
 */
const handle = operatorRoute({
  async GET({ request }) {
    await requireAdminApi(request);
    const decision = apiDecision(new URL(request.url));
    if (decision === null) throw apiError(400, BAD_DECISION);
    return privateJson(await registerJson(decision));
  },
});

export { handle as loader, handle as action };
