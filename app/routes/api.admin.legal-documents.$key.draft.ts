import {
  discardLegalDraft,
  legalDraft,
  nextLegalVersion,
  saveLegalDraft,
} from "~/models/legal-documents.server";
import {
  apiError,
  apiJson,
  apiRoute,
  noContent,
  privateJson,
  readJsonBody,
  requireOperatorWrite,
} from "~/server/api/api.server";
import { NO_CONTENT, okWith, operatorEndpoint } from "~/server/api/openapi-operations.server";
import { legalKey } from "~/server/api/publishing-api.server";
import {
  legalDocumentRequest,
  legalDraftJson,
  legalDraftRecord,
} from "~/server/api/publishing-resources.server";
import { actorOf, requireAdminApi } from "~/server/auth/auth.server";
import type { LegalDocumentKey } from "~/schemas/legal-document";

const NO_DRAFT_NOTE = { 404: "No such document, or it has no draft" };

export const openapi = operatorEndpoint("/api/admin/legal-documents/{key}/draft", {
  get: {
    summary: "The draft of a legal document's next version",
    success: okWith(legalDraftRecord),
    errorNotes: NO_DRAFT_NOTE,
  },
  put: {
    summary: "Save the draft of a legal document's next version",
    success: okWith(legalDraftRecord),
    request: legalDocumentRequest,
    description:
      "Creates the draft, or replaces it (one per document). A draft is not public: visitors, the public API and cached pages never see it until it is published with POST /api/admin/legal-documents/{key}/draft/publish.",
  },
  delete: {
    summary: "Discard the draft of a legal document's next version",
    success: NO_CONTENT,
    errorNotes: NO_DRAFT_NOTE,
  },
});

const NO_DRAFT = "This legal document has no draft";

async function nextVersion(key: LegalDocumentKey): Promise<number> {
  const version = await nextLegalVersion(key);
  if (version === null) throw apiError(404, "Legal document not found");
  return version;
}

/** The draft of a legal document's next version: never public until POST …/draft/publish. */
const handle = apiRoute({
  async GET({ request, params }) {
    await requireAdminApi(request);
    const key = legalKey(params.key);
    const version = await nextVersion(key);
    const draft = await legalDraft(key);
    if (!draft) throw apiError(404, NO_DRAFT);
    return privateJson(legalDraftJson(draft, version));
  },
  /** Creates or replaces the draft (one per document), so a repeated PUT changes nothing more: 200. */
  async PUT(args) {
    const user = await requireOperatorWrite(args);
    const key = legalKey(args.params.key);
    const input = await readJsonBody(args.request, legalDocumentRequest);
    const version = await nextVersion(key);
    return apiJson(legalDraftJson(await saveLegalDraft(key, input, actorOf(user)), version));
  },
  async DELETE(args) {
    const user = await requireOperatorWrite(args);
    const key = legalKey(args.params.key);
    if (!(await discardLegalDraft(key, actorOf(user)))) throw apiError(404, NO_DRAFT);
    return noContent();
  },
});

export { handle as loader, handle as action };
