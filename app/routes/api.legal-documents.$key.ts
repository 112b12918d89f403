import { currentLegalDocument } from "~/models/legal-documents.server";
import { apiError, apiRoute, publicJson } from "~/server/api/api.server";
import { legalKey } from "~/server/api/publishing-api.server";
import { legalDocumentJson } from "~/server/api/publishing-resources.server";

/** GET /api/legal-documents/{privacy|terms|cookies}: the version in effect today (London). */
const handle = apiRoute({
  async GET({ request, params }) {
    const document = await currentLegalDocument(legalKey(params.key));
    if (!document) throw apiError(404, "Legal document not found");
    return publicJson(request, legalDocumentJson(document));
  },
});

export const loader = handle;
export const action = handle;
