import { consentSummary } from "~/models/consent-records.server";
import { privateJson } from "~/server/api/api.server";
import { consentSummaryJson } from "~/server/api/consent-resources.server";
import { operatorRoute } from "~/server/api/history-api.server";
import { okWith, operatorEndpoint } from "~/server/api/openapi-operations.server";
import { requireAdminApi } from "~/server/auth/auth.server";

export const openapi = operatorEndpoint("/api/admin/consent/summary", {
  get: {
    summary: "Consent choices per day (last 30 days) and the current accept rate",
    success: okWith(consentSummaryJson),
    description:
      "The accept rate is of the latest record of each consent id still kept (a later decline or withdrawal replaces an accept). Admins only.",
  },
});

/** GET /api/admin/consent/summary: choices per day over the last 30 days, and the current accept rate (admins). */
const handle = operatorRoute({
  async GET({ request }) {
    await requireAdminApi(request);
    return privateJson(await consentSummary(30));
  },
});

export { handle as loader, handle as action };
