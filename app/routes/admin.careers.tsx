import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { formatAdminTime } from "~/components/admin/format-time";
import { LoadingStatus } from "~/components/admin/loading-status";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { PublishingFilter, PublishingPager, PublishingRowActions, STATE_OPTIONS } from "~/components/admin/publishing-list";
import { PublicationStatus } from "~/components/admin/publication-status";
import { RecordOutlet } from "~/components/admin/record-dialog";
import { ListRow } from "~/components/admin/record-list";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { panelClass, primaryButton } from "~/components/admin/styles";
import { now } from "~/models/clock.server";
import { listRoles, rolePath } from "~/models/roles.server";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { publicationStatusView, stateFilter } from "~/server/forms/publishing-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { requestedPage } from "~/utils/pagination";

export const meta: MetaFunction = () => adminMeta("Careers");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const search = new URL(request.url).searchParams;
  const state = stateFilter(search.get("state"), ["draft", "scheduled", "published", "closed"]);
  const at = now();
  const { items, total, page, pageCount } = await listRoles({ state, page: requestedPage(search) });
  return data(
    {
      filters: { state: state ?? "" },
      total,
      page,
      pageCount,
      roles: items.map((role) => ({
        id: role.id,
        title: role.title,
        team: role.team,
        location: role.location,
        displayOrder: role.displayOrder,
        path: rolePath(role.slug),
        status: publicationStatusView(role, at),
        updatedAt: role.updatedAt.toISOString(),
        updated: formatAdminTime(role.updatedAt, at),
      })),
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

export const shouldRevalidate = revalidateAfterConflict;

export default function CareersRoles() {
  const { filters, total, page, pageCount, roles } = useLoaderData<typeof loader>();
  const listUrl = filters.state ? `/admin/careers?state=${filters.state}` : "/admin/careers";
  return (
    <>
      <AdminPageHeader
        title="Careers"
        description="Open roles on the Careers page: publish, schedule and close them."
        actions={
          <Link to="/admin/careers/new" className={primaryButton}>
            New role
          </Link>
        }
      />
      <RecordOutlet listUrl={listUrl} />
      <LoadingStatus path="/admin/careers" text="Loading roles..." />
      <section aria-labelledby="roles-title">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="roles-title" className="text-lg font-semibold text-navy-950">
            Roles
          </h2>
          <p className="text-sm text-navy-600">
            {total.toLocaleString("en-GB")} {total === 1 ? "role" : "roles"}
          </p>
        </div>
        <PublishingFilter
          label="Roles"
          listPath="/admin/careers"
          filters={[{ name: "state", label: "Status", value: filters.state, options: STATE_OPTIONS }]}
        />
        {roles.length === 0 ? (
          <p className={`${panelClass} p-6 text-center text-sm text-navy-600`}>
            {filters.state ? "No roles match this filter." : "No roles yet. Add the first one."}
          </p>
        ) : (
          <ul className={`${panelClass} divide-y divide-navy-100`}>
            {roles.map((role) => (
              <ListRow key={role.id}>
                <div className="grid min-w-0 flex-1 basis-72 gap-1.5">
                  <h3 className="text-sm font-semibold break-words text-navy-950">{role.title}</h3>
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-navy-600">
                    <PublicationStatus status={role.status} />
                    <span>
                      {role.team} · {role.location}
                    </span>
                    <span className="tabular-nums">Order {role.displayOrder}</span>
                    <span>
                      Updated <time dateTime={role.updatedAt}>{role.updated}</time>
                    </span>
                  </p>
                </div>
                <PublishingRowActions basePath="/admin/careers" id={role.id} name={role.title} publicPath={role.path} />
              </ListRow>
            ))}
          </ul>
        )}
        {pageCount > 1 ? <PublishingPager label="Role pages" listUrl={listUrl} page={page} pageCount={pageCount} /> : null}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
