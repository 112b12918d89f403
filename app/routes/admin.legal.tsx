import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { panelClass, smallSecondaryButton } from "~/components/admin/styles";
import { currentLegalDocument, legalDocumentHistory, legalDraft } from "~/models/legal-documents.server";
import { LEGAL_DOCUMENT_KEYS, LEGAL_DOCUMENT_PATHS } from "~/schemas/legal-document";
import { requireAdminPage } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { formatIsoDate } from "~/utils/dates";

export const meta: MetaFunction = () => adminMeta("Legal");

/** The three documents: the version visitors read now, and the newest version (which may be scheduled). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const documents = await Promise.all(
    LEGAL_DOCUMENT_KEYS.map(async (key) => {
      const [current, history, draft] = await Promise.all([currentLegalDocument(key), legalDocumentHistory(key), legalDraft(key)]);
      const latest = history[0];
      return {
        key,
        title: current?.title ?? key,
        path: LEGAL_DOCUMENT_PATHS[key],
        currentVersion: current?.version ?? null,
        effectiveDate: current?.effectiveDate ?? null,
        draftVersion: draft && latest ? latest.version + 1 : null,
        lastChange: latest ? { version: latest.version, effectiveDate: latest.effectiveDate, changeSummary: latest.changeSummary } : null,
      };
    }),
  );
  return data({ documents }, { headers: ADMIN_CACHE_HEADERS });
}

export default function LegalDocuments() {
  const { documents } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminPageHeader title="Legal" description="Privacy, terms and cookies: every change is a new version with an effective date." />
      <ul className={`${panelClass} divide-y divide-navy-200`}>
        {documents.map((document) => (
          <li key={document.key} className="flex flex-wrap items-start justify-between gap-4 px-4 py-4">
            <div className="min-w-0">
              <h2 className="text-base font-semibold text-navy-950">
                <a href={document.path} className="rounded-sm underline-offset-4 hover:underline">
                  {document.title}
                </a>
              </h2>
              <p className="mt-1 text-sm text-navy-700">
                {document.currentVersion ? (
                  <>
                    Current version {document.currentVersion}, effective{" "}
                    <time dateTime={document.effectiveDate ?? undefined}>{formatIsoDate(document.effectiveDate ?? "")}</time>
                  </>
                ) : (
                  "No version yet"
                )}
              </p>
              {document.lastChange ? (
                <p className="mt-1 text-sm text-navy-600">
                  Last change (version {document.lastChange.version}
                  {document.lastChange.version !== document.currentVersion ? `, takes effect ${formatIsoDate(document.lastChange.effectiveDate)}` : ""}
                  ): {document.lastChange.changeSummary}
                </p>
              ) : null}
              {document.draftVersion ? (
                <p className="mt-1 text-sm font-medium text-amber-900">Draft of version {document.draftVersion}, not published</p>
              ) : null}
            </div>
            <Link to={`/admin/legal/${document.key}`} className={smallSecondaryButton}>
              {document.draftVersion ? "Continue the draft" : "Write a new version"}
              <span className="sr-only"> of the {document.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
