import { Link } from "@remix-run/react";

const LINK_CLASS =
  "rounded-sm font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800";

/**
 * The links between the pages of a list (the newsroom's posts, search results): the page before, "Page N
 * of M", the page after. Plain links, so they work without JavaScript; nothing when there is one page.
 */
export function PageLinks({
  label,
  page,
  pageCount,
  hrefFor,
  before,
  after,
  className,
}: {
  /** The navigation landmark's name ("Newsroom pages"). */
  label: string;
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  /** The words for the page before and after ("Newer", "Older"). */
  before: string;
  after: string;
  className?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap items-center justify-between gap-4 text-base">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} rel="prev" className={LINK_CLASS}>
              <span aria-hidden="true">← </span>
              {before}
            </Link>
          ) : null}
        </li>
        <li className="text-sm text-navy-600">{`Page ${page} of ${pageCount}`}</li>
        <li>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} rel="next" className={LINK_CLASS}>
              {after}
              <span aria-hidden="true"> →</span>
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
