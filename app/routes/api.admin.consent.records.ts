import { consentRecordsFor, isConsentId } from "~/models/consent-records.server";
import { apiError, privateJson } from "~/server/api/api.server";
import { consentRecordList } from "~/server/api/consent-resources.server";
import { operatorRoute } from "~/server/api/history-api.server";
import { okWith, operatorEndpoint } from "~/server/api/openapi-operations.server";
import { requireAdminApi } from "~/server/auth/auth.server";

export const openapi = operatorEndpoint("/api/admin/consent/records", {
  get: {
    summary: "Every consent record of one consent id",
    success: okWith(consentRecordList),
    description:
      "Oldest first; an id with no records (never used, or purged after the retention) gives an empty list. Admins only.",
    query: [{ name: "consentId", pattern: "^[0-9a-fA-F-]{36}$", description: "The consent id (UUID)" }],
    also: [400],
    errorNotes: { 400: "A missing or malformed `consentId`" },
  },
});

export const BAD_CONSENT_ID =
  "consentId must be a consent id (a UUID), as the visitor's cookie settings show it";

/** GET /api/admin/consent/records?consentId=: every record of one consent id, oldest first (admins). */
const handle = operatorRoute({
  async GET({ request }) {
    await requireAdminApi(request);
    const consentId = new URL(request.url).searchParams.get("consentId")?.trim().toLowerCase() ?? "";
    if (!isConsentId(consentId)) throw apiError(400, BAD_CONSENT_ID);
    return privateJson({ consentId, records: await consentRecordsFor(consentId) });
  },
});

export { handle as loader, handle as action };
