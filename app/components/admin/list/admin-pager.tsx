import { Link } from "@remix-run/react";
import { withPage } from "~/utils/pagination";
import { secondaryButton } from "~/components/admin/styles";

/**
 * The links between the pages of an admin list: "Page N of M" (with what the list holds, where it says),
 * the page before and the page after. Plain links, so they work without JavaScript; nothing for one page.
 */
export function AdminPager({
  label,
  listUrl,
  page,
  pageCount,
  count,
  previous = "Previous page",
  next = "Next page",
}: {
  /** The navigation landmark's name ("Redirect pages"). */
  label: string;
  /** The list's address with its filters, without `page`. */
  listUrl: string;
  page: number;
  pageCount: number;
  /** What the whole list holds, after the page number ("120 redirects"). */
  count?: string;
  previous?: string;
  next?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav
      aria-label={label}
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-navy-700"
    >
      <p>
        Page {page} of {pageCount}
        {count ? ` · ${count}` : null}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={withPage(listUrl, page - 1)} className={secondaryButton}>
            {previous}
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link to={withPage(listUrl, page + 1)} className={secondaryButton}>
            {next}
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
