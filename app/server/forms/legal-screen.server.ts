import { currentLegalDocument, legalDraft, nextLegalVersion } from "~/models/legal-documents.server";
import type { LegalDocumentKey } from "~/schemas/legal-document";
import { requireAdminPage } from "~/server/auth/auth.server";
import { notFound } from "./admin-action.server";
import { legalKeyParam } from "./legal-key.server";

/** An admin legal route's loader or action: the signed-in admin first, then the document's `{key}`. */
export async function adminLegalKey(request: Request, param: string | undefined): Promise<LegalDocumentKey> {
  await requireAdminPage(request);
  return legalKeyParam(param);
}

/**
 * What a screen about the next version starts from (preview, publish, discard): the current version, the
 * draft if there is one, and the number the draft publishes as. A 404 for a document with no version yet.
 */
export async function legalDraftScreen(request: Request, param: string | undefined) {
  const key = await adminLegalKey(request, param);
  const [current, draft, version] = await Promise.all([
    currentLegalDocument(key),
    legalDraft(key),
    nextLegalVersion(key),
  ]);
  if (!current || version === null) throw notFound();
  return { key, current, draft, version };
}

/** The same for a screen about the draft itself (preview, discard): a 404 without one. */
export async function legalDraftToShow(request: Request, param: string | undefined) {
  const { draft, ...screen } = await legalDraftScreen(request, param);
  if (!draft) throw notFound();
  return { ...screen, draft };
}
