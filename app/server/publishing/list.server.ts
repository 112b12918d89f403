import { data } from "@remix-run/node";
import { formatAdminTime } from "~/components/admin/format-time";
import { now } from "~/models/clock.server";
import type { PublicationState } from "~/models/publication.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { publicationStatusView, stateFilter } from "~/server/forms/publishing-action.server";
import { requestedPage, type PageOf } from "~/utils/pagination";

type ListedRecord = Parameters<typeof publicationStatusView>[0] & {
  id: number;
  title: string;
  updatedAt: Date;
};

/**
 * A publishing list's page (/admin/news, /admin/careers): ?state= (one of `states`, anything else is none)
 * and ?page= read from the address for the collection's `list`, and the clock its rows are shown against.
 */
async function publishingListPage<TRecord>(
  request: Request,
  states: readonly PublicationState[],
  list: (state: PublicationState | null, page: number) => Promise<PageOf<TRecord>>,
) {
  const search = new URL(request.url).searchParams;
  const state = stateFilter(search.get("state"), states);
  const at = now();
  return { state, at, ...(await list(state, requestedPage(search))) };
}

/** What every row of a publishing list shows: the title, where it stands, its public page, when it changed. */
function publishingRow(record: ListedRecord, path: string, at: Date) {
  return {
    id: record.id,
    title: record.title,
    path,
    status: publicationStatusView(record, at),
    updatedAt: record.updatedAt.toISOString(),
    updated: formatAdminTime(record.updatedAt, at),
  };
}

/**
 * A publishing list's loader (/admin/news, /admin/careers): for an operator, the page of the collection's
 * records asked for, the filters as the list shows them (the state, and the collection's own `filters`),
 * and its rows under the collection's name ("posts", "roles"): what every row shows, then its `details`.
 */
export async function publishingListLoader<
  TName extends string,
  TRecord extends ListedRecord & { slug: string },
  TDetails extends object,
  TFilters extends Record<string, string> = Record<never, string>,
>(
  request: Request,
  options: {
    collection: { name: TName };
    states: readonly PublicationState[];
    list: (state: PublicationState | null, page: number) => Promise<PageOf<TRecord>>;
    /** The record's public address. */
    path: (slug: string) => string;
    details: (record: TRecord) => TDetails;
    filters?: TFilters;
  },
) {
  await requireAdminPage(request);
  const { state, at, items, ...pages } = await publishingListPage(request, options.states, options.list);
  const rows = items.map((record) => ({
    ...publishingRow(record, options.path(record.slug), at),
    ...options.details(record),
  }));
  return data(
    {
      filters: { state: state ?? "", ...(options.filters as TFilters) },
      ...pages,
      ...({ [options.collection.name]: rows } as Record<TName, typeof rows>),
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}
