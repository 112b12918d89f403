import { LegalDocumentView } from "~/components/site/legal-document";
import { privacyPolicy } from "~/content/legal";
import { pages } from "~/content/pages";
import { seoHandle, sitePageMeta } from "~/utils/seo";

const page = pages["/privacy"];
export const handle = seoHandle(page);
export const meta = sitePageMeta(page);

export default function Privacy() {
  return <LegalDocumentView page={page} document={privacyPolicy} />;
}
