import { readApprovalSetting, setApprovalRequired } from "~/models/promotions.server";
import { privateJson, readJsonBody, requireOperatorWrite } from "~/server/api/api.server";
import { operatorRoute } from "~/server/api/history-api.server";
import { okWith, operatorEndpoint } from "~/server/api/openapi-operations.server";
import { approvalSetting, approvalSettingRequest } from "~/server/api/promotion-resources.server";
import { actorOf, requireAdminApi } from "~/server/auth/auth.server";

export const openapi = operatorEndpoint("/api/admin/settings/approval", {
  get: { summary: "Whether financial promotions need approval", success: okWith(approvalSetting) },
  put: {
    summary: "Turn the approval of financial promotions on or off (admins only)",
    success: okWith(approvalSetting),
    request: approvalSettingRequest,
    description:
      "Admins only: any other operator is answered 403. Off by default; while on, a change to the hero, a product or a statistic waits until another person approves it. Audited.",
  },
});

/**
 * /api/admin/settings/approval: whether a change to a financial promotion waits for approval. Any operator
 * reads it; only an admin changes it (the access rules answer anyone else 403), and the change is audited.
 */
const handle = operatorRoute({
  async GET({ request }) {
    await requireAdminApi(request);
    return privateJson(await readApprovalSetting());
  },
  async PUT(args) {
    const user = await requireOperatorWrite(args);
    const { required } = await readJsonBody(args.request, approvalSettingRequest);
    return privateJson(await setApprovalRequired(required, actorOf(user)));
  },
});

export { handle as loader, handle as action };
