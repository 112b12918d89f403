import { waitlistSummary } from "~/models/waitlist.server";
import { privateJson } from "~/server/api/api.server";
import { operatorRoute } from "~/server/api/history-api.server";
import { okWith, operatorEndpoint } from "~/server/api/openapi-operations.server";
import { waitlistSummaryJson, waitlistSummaryRecord } from "~/server/api/waitlist-resources.server";
import { requireAdminApi } from "~/server/auth/auth.server";

export const openapi = operatorEndpoint("/api/admin/waitlist/summary", {
  get: {
    summary: "The waitlist's counts per platform and status, and sign-ups per week (editors and admins)",
    success: okWith(waitlistSummaryRecord),
    also: [403],
    errorNotes: { 403: "An approver: the waitlist is for editors and admins" },
  },
});

/** GET /api/admin/waitlist/summary: the counts /admin/waitlist shows. */
const handle = operatorRoute({
  async GET({ request }) {
    await requireAdminApi(request);
    return privateJson(waitlistSummaryJson(await waitlistSummary()));
  },
});

export { handle as loader, handle as action };
