import { useLoaderData } from "@remix-run/react";
import { LegalDocumentView } from "~/components/site/legal-document";
import { termsOfService } from "~/content/legal";
import { pages } from "~/content/pages";
import { seoHandle, sitePageMeta } from "~/utils/seo";

/** The text comes as data, not as part of the page's JavaScript. */
export function loader() {
  return { document: termsOfService };
}

const page = pages["/terms"];
export const handle = seoHandle(page);
export const meta = sitePageMeta(page);

export default function Terms() {
  return <LegalDocumentView page={page} document={useLoaderData<typeof loader>().document} />;
}
