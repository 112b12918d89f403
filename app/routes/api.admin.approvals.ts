import { listPromotionVersions } from "~/models/promotions.server";
import { apiError, privateJson } from "~/server/api/api.server";
import { promotionChangeJson, promotionChangeRecord } from "~/server/api/approval-resources.server";
import { operatorRoute } from "~/server/api/history-api.server";
import { okWithList, operatorEndpoint } from "~/server/api/openapi-operations.server";
import { requireAdminApi } from "~/server/auth/auth.server";
import { APPROVAL_STATUSES, isApprovalStatus } from "~/utils/approval-screens";

export const openapi = operatorEndpoint("/api/admin/approvals", {
  get: {
    summary: "Changes to financial promotions: waiting for approval, approved or rejected",
    success: okWithList(promotionChangeRecord),
    description:
      "Pending changes the oldest first; approved and rejected ones the most recently decided first (at most 500).",
    query: [
      {
        name: "status",
        enum: APPROVAL_STATUSES,
        description:
          "Which changes: `pending` (the default), `approved` or `rejected`. Anything else is a 400.",
      },
    ],
    also: [400],
  },
});

const STATUS_MESSAGE = `status must be one of ${APPROVAL_STATUSES.join(", ")}`;

/**
 * GET /api/admin/approvals: changes to financial promotions by status (`?status=`, pending by default):
 * pending the oldest first, decided the most recently decided first. Every role may read them.
 */
const handle = operatorRoute({
  async GET({ request }) {
    await requireAdminApi(request);
    const asked = new URL(request.url).searchParams.get("status");
    if (asked !== null && !isApprovalStatus(asked)) {
      throw apiError(400, STATUS_MESSAGE, { errors: { status: [STATUS_MESSAGE] } });
    }
    const versions = await listPromotionVersions(asked ?? "pending");
    return privateJson(versions.map(promotionChangeJson));
  },
});

export { handle as loader, handle as action };
