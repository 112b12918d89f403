import { useLoaderData } from "@remix-run/react";
import type { LegalDocumentKey } from "~/schemas/legal-document-keys";
import { legalPages, legalVersionsPage, type LegalDocumentData } from "~/utils/legal-pages";
import { seoHandle, sitePageMeta } from "~/utils/seo";
import { LegalDocumentView } from "./legal-document";
import { LegalVersionView, LegalVersionsList, type LegalVersionData, type LegalVersionsData } from "./legal-versions";

/**
 * What the route modules of the three legal documents (/privacy, /terms, /cookies and their versions pages)
 * share, so that each names only its document's key. Their loaders stay in the route modules: server code.
 */

export const legalPageHandle = (key: LegalDocumentKey) => seoHandle(legalPages[key]);
export const legalPageMeta = (key: LegalDocumentKey) => sitePageMeta(legalPages[key]);

export const legalVersionsHandle = (key: LegalDocumentKey) => seoHandle(legalVersionsPage(key));
export const legalVersionsMeta = (key: LegalDocumentKey) => sitePageMeta(legalVersionsPage(key));

/** The version in effect, as loadLegalPage gave it. */
export function LegalDocumentPage() {
  const { document } = useLoaderData<{ document: LegalDocumentData }>();
  return <LegalDocumentView page={legalPages[document.key]} document={document} />;
}

/** Every version in effect, as loadLegalVersions gave them. */
export function LegalVersionsPage() {
  return <LegalVersionsList data={useLoaderData<LegalVersionsData>()} />;
}

/** One version, as loadLegalVersion gave it. */
export function LegalVersionPage() {
  return <LegalVersionView data={useLoaderData<LegalVersionData>()} />;
}
