import { waitlistSummary } from "~/models/waitlist.server";
import { privateJson } from "~/server/api/api.server";
import { operatorRoute } from "~/server/api/history-api.server";
import { operatorCall, type ApiOperation } from "~/server/api/openapi-operations.server";
import { waitlistSummaryJson, waitlistSummaryRecord } from "~/server/api/waitlist-resources.server";
import { requireAdminApi } from "~/server/auth/auth.server";

/** GET /api/admin/waitlist/summary: the counts /admin/waitlist shows. */
const handle = operatorRoute({
  async GET({ request }) {
    await requireAdminApi(request);
    return privateJson(waitlistSummaryJson(await waitlistSummary()));
  },
});

export { handle as loader, handle as action };

export const openapi: ApiOperation[] = [
  operatorCall(
    "get",
    "/api/admin/waitlist/summary",
    "The waitlist's counts per platform and status, and sign-ups per week (editors and admins)",
    { status: 200, schema: waitlistSummaryRecord },
    { also: [403], errorNotes: { 403: "An approver: the waitlist is for editors and admins" } },
  ),
];
