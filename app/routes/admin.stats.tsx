import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useLoaderData } from "@remix-run/react";
import { ListRow, RecordActions } from "~/components/admin/record-list";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { LoadingStatus } from "~/components/admin/loading-status";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { FROM_LIST, RecordOutlet } from "~/components/admin/record-dialog";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { panelClass, primaryButton } from "~/components/admin/styles";
import { listStatistics } from "~/models/statistics.server";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";

export const meta: MetaFunction = () => adminMeta("Statistics");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return data({ statistics: await listStatistics() }, { headers: ADMIN_CACHE_HEADERS });
}

export const shouldRevalidate = revalidateAfterConflict;

export default function StatisticsManager() {
  const { statistics } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminPageHeader
        title="Statistics"
        description="The figures shown in the strip below the home page's hero."
        actions={
          <Link to="new" state={FROM_LIST} preventScrollReset className={primaryButton}>
            Add Statistic
          </Link>
        }
      />
      <RecordOutlet listUrl="/admin/stats" />
      <LoadingStatus path="/admin/stats" text="Loading statistics..." />
      {statistics.length === 0 ? (
        <p className={`${panelClass} p-6 text-center text-sm text-navy-600`}>
          No statistics found. Add your first statistic to get started.
        </p>
      ) : (
        <ul className={`${panelClass} divide-y divide-navy-100`}>
          {statistics.map((statistic) => (
            <ListRow key={statistic.id}>
              <div className="flex min-w-0 items-baseline gap-3">
                <span className="w-16 shrink-0 text-lg font-semibold text-navy-950 tabular-nums">{statistic.value}</span>
                <span className="min-w-0 text-sm break-words text-navy-800">{statistic.label}</span>
              </div>
              <div className="flex items-center gap-3">
                <span className="text-xs text-navy-600 tabular-nums">Order {statistic.displayOrder}</span>
                <RecordActions basePath="/admin/stats" id={statistic.id} name={statistic.label} />
              </div>
            </ListRow>
          ))}
        </ul>
      )}
    </>
  );
}

/** A record that is not there (deleted meanwhile) shows inside the admin, sidebar and all. */
export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
