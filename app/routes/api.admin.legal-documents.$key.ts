import {
  currentLegalDocument,
  legalDocumentHistory,
  publishLegalVersion,
} from "~/models/legal-documents.server";
import {
  apiError,
  apiJson,
  apiRoute,
  privateJson,
  readJsonBody,
  requireOperatorWrite,
} from "~/server/api/api.server";
import { legalKey } from "~/server/api/publishing-api.server";
import {
  legalDocumentAdmin,
  legalDocumentAdminJson,
  legalDocumentRequest,
  legalVersionJson,
  legalVersionRecord,
} from "~/server/api/publishing-resources.server";
import { actorOf, requireAdminApi } from "~/server/auth/auth.server";
import { okWith, operatorEndpoint } from "~/server/api/openapi-operations.server";

export const openapi = operatorEndpoint("/api/admin/legal-documents/{key}", {
  get: {
    summary: "A legal document with every version, future ones included",
    success: okWith(legalDocumentAdmin),
  },
  put: {
    summary: "Publish a new version of a legal document at once (to review it first, save a draft: …/draft)",
    success: {
      status: 201,
      schema: legalVersionRecord,
      description: "Created: the new version (each PUT adds one; earlier versions are never changed)",
    },
    request: legalDocumentRequest,
    description:
      "Every change is a new version (n + 1) with its effective date and change summary, so the answer is 201 with that version, not 200: a PUT here is not idempotent, and a repeated one adds another version. Visitors read it from its effective date.",
  },
});

const NOT_FOUND = "Legal document not found";

const handle = apiRoute({
  /** The document with every version, newest first, including those whose date has not come. */
  async GET({ request, params }) {
    await requireAdminApi(request);
    const key = legalKey(params.key);
    const current = await currentLegalDocument(key);
    if (!current) throw apiError(404, NOT_FOUND);
    return privateJson(legalDocumentAdminJson(key, current, await legalDocumentHistory(key)));
  },
  /**
   * A new version (never an edit of an old one): 201 with it, since each PUT creates a version. It is what
   * visitors read from its effective date.
   */
  async PUT(args) {
    const user = await requireOperatorWrite(args);
    const key = legalKey(args.params.key);
    const input = await readJsonBody(args.request, legalDocumentRequest);
    const version = await publishLegalVersion(key, input, actorOf(user));
    if (!version) throw apiError(404, NOT_FOUND);
    return apiJson(legalVersionJson(version), { status: 201 });
  },
});

export { handle as loader, handle as action };
