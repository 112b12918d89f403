import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { legalLinks } from "~/content/policy-facts";
import { legalVersionsPath, type LegalDocumentData } from "~/utils/legal-pages";
import type { SeoPage } from "~/utils/seo";
import { PageHero } from "./page-hero";
import { MARKDOWN_LIST_CLASS, RenderedMarkdown } from "./rendered-markdown";

export interface ExtraLegalSection {
  id: string;
  heading: string;
  /** The id of the document section this one follows; at the end when absent. */
  after?: string;
  content: ReactNode;
}

const BODY_CLASS = "grid gap-4 text-base leading-7 text-navy-700";
/** A section's rendered Markdown: paragraphs and lists as the policies have always looked, sub-headings below the h2. */
const RENDERED_BODY_CLASS = `mt-4 ${BODY_CLASS} ${MARKDOWN_LIST_CLASS} [&_h3]:pt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-navy-950 [&_h4]:font-semibold [&_h4]:text-navy-950`;

function LegalSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24 border-t border-navy-200 pt-8">
      <h2 id={`${id}-heading`} className="text-heading font-semibold text-navy-950">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/**
 * A legal page: the date it took effect, a table of contents, the document's sections (plus any extra
 * ones, such as the cookie table), and links to the other two policies and to the document's versions.
 * `notice` goes above the text (a replaced version says so); `intro` replaces the "Last updated" line.
 */
export function LegalDocumentView({
  page,
  document,
  extra = [],
  notice,
  intro,
}: {
  page: SeoPage;
  document: LegalDocumentData;
  extra?: ExtraLegalSection[];
  notice?: ReactNode;
  intro?: ReactNode;
}) {
  const ordered: { id: string; heading: string; body: ReactNode }[] = [];
  // Text before the document's first heading (none in the seeded documents) opens the article, untitled.
  const preamble = document.sections.find((section) => !section.id);
  for (const section of document.sections) {
    if (!section.id) continue;
    ordered.push({
      id: section.id,
      heading: section.heading,
      body: <RenderedMarkdown html={section.html} className={RENDERED_BODY_CLASS} />,
    });
    for (const item of extra.filter((e) => e.after === section.id)) {
      ordered.push({ id: item.id, heading: item.heading, body: <div className={`mt-4 ${BODY_CLASS}`}>{item.content}</div> });
    }
  }
  const placed = new Set(ordered.map((section) => section.id));
  // At the end: extra sections without an `after`, or whose section an operator has since removed.
  for (const item of extra.filter((e) => !placed.has(e.id))) {
    ordered.push({ id: item.id, heading: item.heading, body: <div className={`mt-4 ${BODY_CLASS}`}>{item.content}</div> });
  }

  const documentPath = page.parents?.[0]?.path ?? page.path;
  const related = legalLinks.filter((link) => link.href !== documentPath);

  return (
    <>
      <PageHero
        page={page}
        eyebrow="Legal"
        heading={document.title}
        intro={
          intro ?? (
            <p>
              Last updated <time dateTime={document.effectiveDate}>{document.effectiveLabel}</time>
              <span aria-hidden="true"> · </span>
              <span className="sr-only">. </span>
              <Link
                to={legalVersionsPath(document.key)}
                className="rounded-sm text-navy-200 underline underline-offset-4 hover:text-white"
              >
                Earlier versions
              </Link>
            </p>
          )
        }
      />
      <div className="container-page grid gap-12 py-14 lg:grid-cols-[15rem_minmax(0,1fr)] lg:py-20">
        <div className="lg:sticky lg:top-24 lg:self-start">
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
        </div>
        <article className="grid min-w-0 max-w-3xl gap-10">
          {notice}
          {preamble ? <RenderedMarkdown html={preamble.html} className={BODY_CLASS} /> : null}
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
