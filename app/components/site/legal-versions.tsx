import { Link } from "@remix-run/react";
import type { LegalDocumentKey } from "~/schemas/legal-document-keys";
import { legalPages, legalVersionsPage, type LegalDocumentData } from "~/utils/legal-pages";
import { loadedPageMeta, type JsonLdGraph, type SeoPage } from "~/utils/seo";
import { JsonLd } from "./json-ld";
import { LegalDocumentView } from "./legal-document";
import { PageHero } from "./page-hero";

/**
 * The version pages of the three legal documents (/privacy/versions, /privacy/versions/1...): one
 * implementation; each document's route files only name their key.
 */

export interface LegalVersionsData {
  key: LegalDocumentKey;
  title: string;
  versions: {
    version: number;
    effectiveDate: string;
    effectiveLabel: string;
    changeSummary: string;
    path: string;
    current: boolean;
  }[];
}

export function LegalVersionsList({ data }: { data: LegalVersionsData }) {
  const page = legalVersionsPage(data.key);
  const document = legalPages[data.key];
  return (
    <>
      <PageHero
        page={page}
        eyebrow="Legal"
        heading={`${data.title}: versions`}
        intro={<p>Every version of our {data.title} that has taken effect, newest first, with what changed.</p>}
      />
      <div className="container-page py-14 lg:py-20">
        <ol className="grid max-w-3xl gap-4">
          {data.versions.map((entry) => (
            <li key={entry.version} className="rounded-lg border border-navy-200 p-5 sm:p-6">
              <h2 className="flex flex-wrap items-center gap-3 text-lg font-semibold text-navy-950">
                <Link to={entry.path} className="rounded-sm text-accent-700 underline underline-offset-4 hover:text-accent-800">
                  Version {entry.version}
                </Link>
                {entry.current ? (
                  <span className="rounded-full bg-accent-50 px-2.5 py-0.5 text-xs font-semibold text-accent-900 ring-1 ring-accent-600">Current</span>
                ) : null}
              </h2>
              <p className="mt-1 text-sm text-navy-600">
                Effective <time dateTime={entry.effectiveDate}>{entry.effectiveLabel}</time>
              </p>
              <p className="mt-3 text-base leading-7 text-navy-700">{entry.changeSummary}</p>
            </li>
          ))}
        </ol>
        <p className="mt-10 text-sm text-navy-600">
          <Link to={document.path} className="font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800">
            Read the current {data.title}
          </Link>
        </p>
      </div>
    </>
  );
}

export interface LegalVersionData {
  seo: SeoPage;
  document: LegalDocumentData;
  current: boolean;
  currentPath: string;
  jsonLd: JsonLdGraph;
}

/** One version; unless it is still in force, it says first that it has been replaced. */
export function LegalVersionView({ data }: { data: LegalVersionData }) {
  const { document } = data;
  const effective = <time dateTime={document.effectiveDate}>{document.effectiveLabel}</time>;
  return (
    <>
      <LegalDocumentView
        page={data.seo}
        document={document}
        intro={
          <p>
            Version {document.version}, effective {effective}
            {data.current ? " (current)" : null}
          </p>
        }
        notice={
          data.current ? null : (
            <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-base leading-7 text-amber-950">
              This is version {document.version}, effective {effective}. It has been replaced:{" "}
              <Link to={data.currentPath} className="font-semibold underline underline-offset-4 hover:text-amber-800">
                read the current {document.title}
              </Link>
              .
            </div>
          )
        }
      />
      <JsonLd data={data.jsonLd} />
    </>
  );
}

/** A version page's meta: its own title and canonical; a replaced version is not indexed. */
export const legalVersionMeta = (key: LegalDocumentKey) => loadedPageMeta<LegalVersionData>(legalVersionsPage(key));
