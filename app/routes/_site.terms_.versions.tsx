import { useLoaderData } from "@remix-run/react";
import { LegalVersionsList } from "~/components/site/legal-versions";
import { loadLegalVersions } from "~/server/site/legal-pages.server";
import { legalVersionsPage } from "~/utils/legal-pages";
import { seoHandle, sitePageMeta } from "~/utils/seo";

const page = legalVersionsPage("terms");
export const handle = seoHandle(page);
export const meta = sitePageMeta(page);

export const loader = () => loadLegalVersions("terms");

export default function TermsVersions() {
  return <LegalVersionsList data={useLoaderData<typeof loader>()} />;
}
