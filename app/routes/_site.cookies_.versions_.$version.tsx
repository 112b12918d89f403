import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalVersionView, legalVersionMeta } from "~/components/site/legal-versions";
import { loadLegalVersion } from "~/server/site/legal-pages.server";

export const loader = ({ params }: LoaderFunctionArgs) => loadLegalVersion("cookies", params.version);

export const meta = legalVersionMeta("cookies");

export default function CookiesVersion() {
  return <LegalVersionView data={useLoaderData<typeof loader>()} />;
}
