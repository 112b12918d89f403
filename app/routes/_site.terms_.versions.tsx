import { LegalVersionsPage, legalVersionsHandle, legalVersionsMeta } from "~/components/site/legal-routes";
import { loadLegalVersions } from "~/server/site/legal-pages.server";

export const handle = legalVersionsHandle("terms");
export const meta = legalVersionsMeta("terms");

export const loader = () => loadLegalVersions("terms");

export default LegalVersionsPage;
