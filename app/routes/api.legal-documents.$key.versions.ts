import { publicLegalHistory } from "~/models/legal-documents.server";
import { apiRoute, publicJson } from "~/server/api/api.server";
import { legalKey } from "~/server/api/publishing-api.server";
import { legalSummaryJson, legalVersionSummary } from "~/server/api/publishing-resources.server";
import { cachedWithList, publicEndpoint } from "~/server/api/openapi-operations.server";

export const openapi = publicEndpoint("/api/legal-documents/{key}/versions", "Content", {
  get: {
    summary: "The versions of a legal document in effect, newest first",
    success: cachedWithList(legalVersionSummary),
    description: "A version whose effective date has not come is not listed until it has.",
  },
});

/** GET /api/legal-documents/{key}/versions: the versions in effect, newest first (a future one is not listed). */
const handle = apiRoute({
  async GET({ request, params }) {
    return publicJson(request, (await publicLegalHistory(legalKey(params.key))).map(legalSummaryJson));
  },
});

export { handle as loader, handle as action };
