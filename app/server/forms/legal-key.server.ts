import { LEGAL_DOCUMENT_KEYS, type LegalDocumentKey } from "~/schemas/legal-document";
import { notFound } from "./admin-action.server";

/** The `{key}` of an admin legal route: privacy, terms or cookies, else a 404. */
export function legalKeyParam(value: string | undefined): LegalDocumentKey {
  const key = LEGAL_DOCUMENT_KEYS.find((candidate) => candidate === value);
  if (!key) throw notFound();
  return key;
}
