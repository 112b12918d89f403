import { DataTable, TimeCell } from "~/components/admin/data-table";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { formatAdminTime } from "~/components/admin/format-time";
import { LoadingStatus } from "~/components/admin/loading-status";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { FROM_LIST, RecordOutlet } from "~/components/admin/record-dialog";
import { panelClass, smallDangerButton, smallSecondaryButton } from "~/components/admin/styles";
import { listTrash, TRASH_DAYS } from "~/models/trash.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { TRASH_SECTIONS } from "~/server/history/history-subjects.server";
import { restoreFromTrashAction } from "~/server/history/trash-actions.server";
import { formatLondonDate, londonIsoDate } from "~/utils/london-time";

export const meta: MetaFunction = () => adminMeta("Trash");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const now = new Date();
  const entries = (await listTrash()).map((entry) => ({
    collection: entry.collection,
    id: entry.recordId,
    kind: TRASH_SECTIONS[entry.collection].noun,
    label: entry.label,
    childCount: entry.childCount,
    deletedBy: entry.deletedBy,
    deletedAt: entry.deletedAt.toISOString(),
    deleted: formatAdminTime(entry.deletedAt, now),
    purgeDate: londonIsoDate(entry.purgeAt),
    purge: formatLondonDate(entry.purgeAt),
  }));
  return data({ entries, trashDays: TRASH_DAYS }, { headers: ADMIN_CACHE_HEADERS });
}

/** A row's "Restore". */
export async function action({ request, context }: ActionFunctionArgs) {
  return restoreFromTrashAction(request, context);
}

type Entry = ReturnType<typeof useLoaderData<typeof loader>>["entries"][number];

export default function Trash() {
  const { entries, trashDays } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminPageHeader
        title="Trash"
        description={`Deleted records wait here for ${trashDays} days. Restore one to put it back as it was, with the same id.`}
      />
      <RecordOutlet listUrl="/admin/trash" />
      <LoadingStatus path="/admin/trash" text="Loading the trash..." />
      {entries.length === 0 ? (
        <p className={`${panelClass} p-6 text-center text-sm text-navy-600`}>
          The trash is empty. Deleted products, statistics, menu items, posts, roles and redirects wait here
          for {trashDays} days.
        </p>
      ) : (
        <DataTable
          caption="Deleted records, most recently deleted first"
          minWidth="min-w-[46rem]"
          columns={["Kind", "Name", "Deleted by", "Deleted", "Leaves the trash", "Actions"]}
        >
          {entries.map((entry) => (
            <TrashRow key={`${entry.collection}-${entry.id}`} entry={entry} />
          ))}
        </DataTable>
      )}
    </>
  );
}

function TrashRow({ entry }: { entry: Entry }) {
  return (
    <tr className="align-top">
      <td className="px-4 py-3 whitespace-nowrap">{entry.kind}</td>
      <th scope="row" className="px-4 py-3 font-medium text-navy-950 [overflow-wrap:anywhere]">
        {entry.label}
        {entry.childCount > 0 ? (
          <span className="block text-xs font-normal text-navy-600">
            and {entry.childCount} {entry.childCount === 1 ? "item" : "items"} under it
          </span>
        ) : null}
      </th>
      <td className="px-4 py-3 [overflow-wrap:anywhere]">{entry.deletedBy}</td>
      <TimeCell at={entry.deletedAt} text={entry.deleted} />
      <TimeCell at={entry.purgeDate} text={entry.purge} />
      <td className="px-4 py-3">
        <div className="flex flex-wrap gap-2">
          <Form method="post" action="/admin/trash" preventScrollReset>
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="collection" value={entry.collection} />
            <input type="hidden" name="id" value={entry.id} />
            <button type="submit" className={smallSecondaryButton}>
              Restore<span className="sr-only"> {entry.label}</span>
            </button>
          </Form>
          <Link
            to={`/admin/trash/${entry.collection}/${entry.id}/delete`}
            state={FROM_LIST}
            preventScrollReset
            className={smallDangerButton}
          >
            Delete permanently<span className="sr-only"> {entry.label}</span>
          </Link>
        </div>
      </td>
    </tr>
  );
}

/** A record that is not there (deleted meanwhile) shows inside the admin, sidebar and all. */
export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
