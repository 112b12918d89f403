import { apiError, parseId, privateJson } from "~/server/api/api.server";
import { promotionChangeDetail, promotionChangeDetailJson } from "~/server/api/approval-resources.server";
import { operatorRoute } from "~/server/api/history-api.server";
import { okWith, operatorEndpoint } from "~/server/api/openapi-operations.server";
import { requireAdminApi } from "~/server/auth/auth.server";
import { APPROVAL_SCREEN_MESSAGES, approvalDetail } from "~/server/promotions/approval-screens.server";

export const openapi = operatorEndpoint("/api/admin/approvals/{id}", {
  get: {
    summary: "A change to a financial promotion, with its diff and, once decided, its register entry",
    success: okWith(promotionChangeDetail),
  },
});

/**
 * GET /api/admin/approvals/{id}: one change to a financial promotion, with its values, its diff against the
 * live record while pending, and once decided its register entry (reference, pages, SHA-256).
 */
const handle = operatorRoute({
  async GET({ request, params }) {
    await requireAdminApi(request);
    const detail = await approvalDetail(parseId(params.id, APPROVAL_SCREEN_MESSAGES.notFound));
    if (!detail) throw apiError(404, APPROVAL_SCREEN_MESSAGES.notFound);
    return privateJson(promotionChangeDetailJson(detail));
  },
});

export { handle as loader, handle as action };
