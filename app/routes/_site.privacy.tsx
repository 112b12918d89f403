import { LegalDocumentPage, legalPageHandle, legalPageMeta } from "~/components/site/legal-routes";
import { loadLegalPage } from "~/server/site/legal-pages.server";

export const handle = legalPageHandle("privacy");
export const meta = legalPageMeta("privacy");

/** The version in effect, its sections rendered on the server. */
export const loader = () => loadLegalPage("privacy");

export default LegalDocumentPage;
