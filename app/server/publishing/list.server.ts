import { formatAdminTime } from "~/components/admin/format-time";
import { now } from "~/models/clock.server";
import type { PublicationState } from "~/models/publication.server";
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
export async function publishingListPage<TRecord>(
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
export function publishingRow(record: ListedRecord, path: string, at: Date) {
  return {
    id: record.id,
    title: record.title,
    path,
    status: publicationStatusView(record, at),
    updatedAt: record.updatedAt.toISOString(),
    updated: formatAdminTime(record.updatedAt, at),
  };
}
