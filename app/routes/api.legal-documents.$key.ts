import { currentLegalDocument } from "~/models/legal-documents.server";
import { apiError, apiRoute, publicJson } from "~/server/api/api.server";
import { legalKey } from "~/server/api/publishing-api.server";
import { legalDocumentJson, legalDocumentRecord } from "~/server/api/publishing-resources.server";
import { legalFacts } from "~/server/site/legal-pages.server";
import { withLegalFacts } from "~/utils/legal-facts";
import { cachedWith, publicEndpoint } from "~/server/api/openapi-operations.server";

export const openapi = publicEndpoint("/api/legal-documents/{key}", "Content", {
  get: {
    summary: "The version of a legal document in effect today",
    success: cachedWith(legalDocumentRecord),
    description: "The newest version whose effective date (London) has come. An unknown key is a 404.",
  },
});

/**
 * GET /api/legal-documents/{privacy|terms|cookies}: the version in effect today (London), as visitors read
 * it: the facts it states from the site's settings (how long messages are kept, the company's details and
 * regulatory status) written in.
 */
const handle = apiRoute({
  async GET({ request, params }) {
    const [document, facts] = await Promise.all([currentLegalDocument(legalKey(params.key)), legalFacts()]);
    if (!document) throw apiError(404, "Legal document not found");
    const body = withLegalFacts(document.body, facts);
    return publicJson(request, legalDocumentJson({ ...document, body }));
  },
});

export { handle as loader, handle as action };
