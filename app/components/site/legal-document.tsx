import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { legalLinks, LEGAL_LAST_UPDATED_LABEL } from "~/content/policy-facts";
import type { LegalDocument, PageMeta } from "~/content/types";
import { PageHero } from "./page-hero";
import { BulletList } from "./section";

export interface ExtraLegalSection {
  id: string;
  heading: string;
  /** The id of the document section this one follows; at the end when absent. */
  after?: string;
  content: ReactNode;
}

function LegalSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24 border-t border-navy-200 pt-8">
      <h2 id={`${id}-heading`} className="text-xl font-semibold tracking-tight text-navy-950 sm:text-2xl">
        {heading}
      </h2>
      <div className="mt-4 grid gap-4 text-base leading-7 text-navy-700">{children}</div>
    </section>
  );
}

/**
 * A legal page: the last-updated date, a table of contents, the document's sections (plus any extra
 * ones, such as the cookie table), and links to the other two policies.
 */
export function LegalDocumentView({ page, document, extra = [] }: { page: PageMeta; document: LegalDocument; extra?: ExtraLegalSection[] }) {
  const ordered: { id: string; heading: string; body: ReactNode }[] = [];
  for (const section of document.sections) {
    ordered.push({
      id: section.id,
      heading: section.heading,
      body: (
        <>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.bullets ? <BulletList items={section.bullets} /> : null}
        </>
      ),
    });
    for (const item of extra.filter((e) => e.after === section.id)) {
      ordered.push({ id: item.id, heading: item.heading, body: item.content });
    }
  }
  for (const item of extra.filter((e) => !e.after)) ordered.push({ id: item.id, heading: item.heading, body: item.content });

  const related = legalLinks.filter((link) => link.href !== page.path);

  return (
    <>
      <PageHero
        page={page}
        eyebrow="Legal"
        heading={document.title}
        intro={
          <p>
            Last updated <time dateTime={document.lastUpdated}>{LEGAL_LAST_UPDATED_LABEL}</time>
          </p>
        }
      />
      <div className="container-page grid gap-12 py-14 lg:grid-cols-[15rem_minmax(0,1fr)] lg:py-20">
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <nav aria-label="On this page">
            <h2 className="text-sm font-semibold text-navy-950">On this page</h2>
            <ol className="mt-3 grid gap-2 text-sm">
              {ordered.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="rounded-sm text-navy-700 underline-offset-4 hover:text-accent-800 hover:underline">
                    {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <nav aria-label="Other policies" className="mt-8">
            <h2 className="text-sm font-semibold text-navy-950">Other policies</h2>
            <ul className="mt-3 grid gap-2 text-sm">
              {related.map((link) => (
                <li key={link.href}>
                  <Link to={link.href} prefetch="intent" className="rounded-sm font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <article className="grid min-w-0 max-w-3xl gap-10">
          {ordered.map((section) => (
            <LegalSection key={section.id} id={section.id} heading={section.heading}>
              {section.body}
            </LegalSection>
          ))}
          <p className="border-t border-navy-200 pt-8 text-sm text-navy-600">
            Read this together with our{" "}
            {related.map((link, index) => (
              <span key={link.href}>
                {index > 0 ? " and " : null}
                <Link to={link.href} className="font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800">
                  {link.label}
                </Link>
              </span>
            ))}
            .
          </p>
        </article>
      </div>
    </>
  );
}
