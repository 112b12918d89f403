import { Link } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { adminListPath } from "~/collections";
import { LoadingStatus } from "~/components/admin/loading-status";
import { AdminPageHeader } from "~/components/admin/page-header";
import { PublicationStatus } from "~/components/admin/publication-status";
import { AdminList } from "~/components/admin/list/admin-list";
import { PublishingFilter, PublishingRowActions } from "~/components/admin/publishing-list";
import { RecordOutlet } from "~/components/admin/record-dialog";
import { ListRow } from "~/components/admin/record-list";
import { primaryButton } from "~/components/admin/styles";
import type { PublishingScreenCollection } from "./collection";
import { ListSection } from "./list-section";

interface ListedRow {
  id: number;
  title: string;
  path: string;
  status: ComponentProps<typeof PublicationStatus>["status"];
  updatedAt: string;
  updated: string;
}

/**
 * The list of a publishing collection (/admin/news, /admin/careers): a New button, the filters (GET, so
 * they work without JavaScript), one row a record with its status, the collection's own `details` and when
 * it changed, and the pages.
 */
export function PublishingListPage<TRow extends ListedRow>({
  collection: { section, noun, screen },
  description,
  filters,
  texts,
  total,
  page,
  pageCount,
  rows,
  details,
}: {
  collection: PublishingScreenCollection;
  description: string;
  filters: ComponentProps<typeof PublishingFilter>["filters"];
  /** What the list says when it is empty: with a filter on, and with none. */
  texts: { noMatch: string; empty: string };
  total: number;
  page: number;
  pageCount: number;
  rows: TRow[];
  details: (row: TRow) => ReactNode;
}) {
  const listPath = adminListPath({ section });
  const query = new URLSearchParams(
    filters.filter((filter) => filter.value).map((filter) => [filter.name, filter.value]),
  );
  const listUrl = `${listPath}${query.size > 0 ? `?${query}` : ""}`;
  const plural = `${noun}s`;
  const heading = `${noun[0]?.toUpperCase()}${plural.slice(1)}`;
  return (
    <>
      <AdminPageHeader
        title={screen.label}
        description={description}
        actions={
          <Link to={`${listPath}/new`} className={primaryButton}>
            {`New ${noun}`}
          </Link>
        }
      />
      <RecordOutlet listUrl={listUrl} />
      <LoadingStatus path={listPath} text={`Loading ${plural}...`} />
      <ListSection
        id={`${plural}-title`}
        title={heading}
        count={`${total.toLocaleString("en-GB")} ${total === 1 ? noun : plural}`}
      >
        <PublishingFilter label={heading} listPath={listPath} filters={filters} />
        <AdminList
          items={rows}
          empty={query.size > 0 ? texts.noMatch : texts.empty}
          pager={{ label: `${noun[0]?.toUpperCase()}${noun.slice(1)} pages`, listUrl, page, pageCount }}
        >
          {(row) => (
            <ListRow key={row.id}>
              <div className="grid min-w-0 flex-1 basis-72 gap-1.5">
                <h3 className="text-sm font-semibold break-words text-navy-950">{row.title}</h3>
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-navy-600">
                  <PublicationStatus status={row.status} />
                  {details(row)}
                  <span>
                    Updated <time dateTime={row.updatedAt}>{row.updated}</time>
                  </span>
                </p>
              </div>
              <PublishingRowActions basePath={listPath} id={row.id} name={row.title} publicPath={row.path} />
            </ListRow>
          )}
        </AdminList>
      </ListSection>
    </>
  );
}
