import { useLoaderData } from "@remix-run/react";
import { LegalDocumentView } from "~/components/site/legal-document";
import { pages } from "~/content/pages";
import { loadLegalPage } from "~/server/site/legal-pages.server";
import { seoHandle, sitePageMeta } from "~/utils/seo";

/** The version in effect, its sections rendered on the server. */
export const loader = () => loadLegalPage("privacy");

const page = pages["/privacy"];
export const handle = seoHandle(page);
export const meta = sitePageMeta(page);

export default function Privacy() {
  return <LegalDocumentView page={page} document={useLoaderData<typeof loader>().document} />;
}
