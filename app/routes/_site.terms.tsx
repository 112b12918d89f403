import { LegalDocumentPage, legalPageHandle, legalPageMeta } from "~/components/site/legal-routes";
import { loadLegalPage } from "~/server/site/legal-pages.server";

export const handle = legalPageHandle("terms");
export const meta = legalPageMeta("terms");

/** The version in effect, its sections rendered on the server. */
export const loader = () => loadLegalPage("terms");

export default LegalDocumentPage;
