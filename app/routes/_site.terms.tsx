import { LegalDocumentView } from "~/components/site/legal-document";
import { termsOfService } from "~/content/legal";
import { pages } from "~/content/pages";
import { seoHandle, sitePageMeta } from "~/utils/seo";

const page = pages["/terms"];
export const handle = seoHandle(page);
export const meta = sitePageMeta(page);

export default function Terms() {
  return <LegalDocumentView page={page} document={termsOfService} />;
}
