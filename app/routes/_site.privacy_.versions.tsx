import { LegalVersionsPage, legalVersionsHandle, legalVersionsMeta } from "~/components/site/legal-routes";
import { loadLegalVersions } from "~/server/site/legal-pages.server";

export const handle = legalVersionsHandle("privacy");
export const meta = legalVersionsMeta("privacy");

export const loader = () => loadLegalVersions("privacy");

export default LegalVersionsPage;
