import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminMeta } from "~/components/admin/meta";
import { ListRow, RecordActions, RecordListPage } from "~/components/admin/record-list";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { panelClass } from "~/components/admin/styles";
import { listStatistics } from "~/models/statistics.server";
import { recordListLoader } from "~/server/admin/record-routes.server";

export const meta: MetaFunction = () => adminMeta("Statistics");

export const loader = recordListLoader("statistics", listStatistics);

export const shouldRevalidate = revalidateAfterConflict;

export default function StatisticsManager() {
  const { statistics } = useLoaderData<typeof loader>();
  return (
    <RecordListPage
      title="Statistics"
      description="The figures shown in the strip below the home page's hero."
      addLabel="Add Statistic"
      listUrl="/admin/stats"
      loadingText="Loading statistics..."
      emptyText="No statistics found. Add your first statistic to get started."
      isEmpty={statistics.length === 0}
    >
      <ul className={`${panelClass} divide-y divide-navy-100`}>
        {statistics.map((statistic) => (
          <ListRow key={statistic.id}>
            <div className="flex min-w-0 items-baseline gap-3">
              <span className="w-16 shrink-0 text-lg font-semibold text-navy-950 tabular-nums">
                {statistic.value}
              </span>
              <span className="min-w-0 text-sm break-words text-navy-800">{statistic.label}</span>
            </div>
            <div className="flex items-center gap-3">
              <span className="text-xs text-navy-600 tabular-nums">Order {statistic.displayOrder}</span>
              <RecordActions basePath="/admin/stats" id={statistic.id} name={statistic.label} />
            </div>
          </ListRow>
        ))}
      </ul>
    </RecordListPage>
  );
}

/** A record that is not there (deleted meanwhile) shows inside the admin, sidebar and all. */
export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
