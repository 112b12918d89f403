import { pages } from "~/content/pages";
import { LEGAL_DOCUMENT_PATHS, type LegalDocumentKey } from "~/schemas/legal-document-keys";
import type { SeoPage } from "~/utils/seo";

/** The three legal documents' own pages. */
export const legalPages: Record<LegalDocumentKey, SeoPage> = {
  privacy: pages[LEGAL_DOCUMENT_PATHS.privacy],
  terms: pages[LEGAL_DOCUMENT_PATHS.terms],
  cookies: pages[LEGAL_DOCUMENT_PATHS.cookies],
};

export const legalVersionsPath = (key: LegalDocumentKey) => `${LEGAL_DOCUMENT_PATHS[key]}/versions`;

/** /privacy/versions: Home > Privacy Policy > Versions. */
export function legalVersionsPage(key: LegalDocumentKey): SeoPage {
  const document = legalPages[key];
  return {
    path: legalVersionsPath(key),
    label: "Versions",
    title: `${document.title}: versions`,
    description: `Every version of our ${document.title} that has been in effect, with its date and what changed.`,
    parents: [{ label: document.label, path: document.path }],
  };
}

/** /privacy/versions/2: Home > Privacy Policy > Versions > Version 2. Replaced versions are not indexed. */
export function legalVersionPage(key: LegalDocumentKey, version: number, title: string, noindex = false): SeoPage {
  const document = legalPages[key];
  return {
    path: `${legalVersionsPath(key)}/${version}`,
    label: `Version ${version}`,
    title: `${title}, version ${version}`,
    description: `Version ${version} of our ${title}, as it was published.`,
    noindex,
    parents: [
      { label: document.label, path: document.path },
      { label: "Versions", path: legalVersionsPath(key) },
    ],
  };
}

/** One version of a legal document as its page shows it: sections already rendered to HTML. */
export interface LegalDocumentData {
  key: LegalDocumentKey;
  title: string;
  version: number;
  /** "2025-10-07", for <time dateTime>. */
  effectiveDate: string;
  /** "07 October 2025". */
  effectiveLabel: string;
  sections: { id: string; heading: string; html: string }[];
}
