/**
 * The legal documents and their public pages. Apart from the form's schema (legal-document.ts) so that the
 * public pages, which need only these names, do not ship Zod to the browser.
 */
export const LEGAL_DOCUMENT_KEYS = ["privacy", "terms", "cookies"] as const;
export type LegalDocumentKey = (typeof LEGAL_DOCUMENT_KEYS)[number];

/** Each document's public page. */
export const LEGAL_DOCUMENT_PATHS: Record<LegalDocumentKey, "/privacy" | "/terms" | "/cookies"> = {
  privacy: "/privacy",
  terms: "/terms",
  cookies: "/cookies",
};
