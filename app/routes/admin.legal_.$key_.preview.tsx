import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/meta";
import { primaryButton, secondaryButton } from "~/components/admin/styles";
import { LegalDocumentView } from "~/components/site/legal-document";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { legalDraftToShow } from "~/server/forms/legal-screen.server";
import { legalDraftDocument } from "~/server/site/legal-pages.server";
import { legalPages } from "~/utils/legal-pages";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  adminMeta(loaded ? `${loaded.document.title}: preview of version ${loaded.document.version}` : "Legal");

/** The draft rendered as its public page will be: the same renderer, facts and layout. Never public. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { key, current, draft, version } = await legalDraftToShow(request, params.key);
  return data(
    { key, document: await legalDraftDocument(key, draft, current.title, version) },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

export default function LegalDraftPreview() {
  const { key, document } = useLoaderData<typeof loader>();
  return (
    <>
      <div role="note" className="mb-6 grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-navy-900">
        <p>
          <strong>Preview of the draft of version {document.version}.</strong> This is how {legalPages[key].path} will look once
          it is published; visitors cannot see it yet.
          {key === "cookies" ? " The public page also shows the cookie table and the visitor's own choices from the cookie register." : null}
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to={`/admin/legal/${key}`} className={secondaryButton}>
            Back to the draft
          </Link>
          <Link to={`/admin/legal/${key}/publish`} className={primaryButton}>
            Publish version {document.version}…
          </Link>
        </div>
      </div>
      <div className="-mx-4 overflow-hidden border-y border-navy-200 bg-white sm:mx-0 sm:rounded-lg sm:border">
        <LegalDocumentView page={legalPages[key]} document={document} />
      </div>
    </>
  );
}
