import type { LoaderFunctionArgs } from "@remix-run/node";
import { LegalVersionPage } from "~/components/site/legal-routes";
import { legalVersionMeta } from "~/components/site/legal-versions";
import { loadLegalVersion } from "~/server/site/legal-pages.server";

export const loader = ({ params }: LoaderFunctionArgs) => loadLegalVersion("cookies", params.version);

export const meta = legalVersionMeta("cookies");

export default LegalVersionPage;
