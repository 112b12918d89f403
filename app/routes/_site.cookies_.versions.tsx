import { LegalVersionsPage, legalVersionsHandle, legalVersionsMeta } from "~/components/site/legal-routes";
import { loadLegalVersions } from "~/server/site/legal-pages.server";

export const handle = legalVersionsHandle("cookies");
export const meta = legalVersionsMeta("cookies");

export const loader = () => loadLegalVersions("cookies");

export default LegalVersionsPage;
