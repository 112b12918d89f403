import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { roles } from "~/collections/roles";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminMeta } from "~/components/admin/meta";
import { PublishingListPage } from "~/components/admin/publishing/list-page";
import { statusFilter, type PublishingState } from "~/components/admin/publishing-list";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { listRoles, rolePath } from "~/models/roles.server";
import { publishingListLoader } from "~/server/publishing/list.server";

export const meta: MetaFunction = () => adminMeta("Careers");

const STATES: readonly PublishingState[] = ["draft", "scheduled", "published", "closed"];

export const loader = ({ request }: LoaderFunctionArgs) =>
  publishingListLoader(request, {
    collection: roles,
    states: STATES,
    list: (state, page) => listRoles({ state, page }),
    path: rolePath,
    details: ({ team, location, displayOrder }) => ({ team, location, displayOrder }),
  });

export const shouldRevalidate = revalidateAfterConflict;

export default function CareersRoles() {
  const { filters, roles: rows, ...pages } = useLoaderData<typeof loader>();
  return (
    <PublishingListPage
      collection={roles}
      description="Open roles on the Careers page: publish, schedule and close them."
      filters={[statusFilter(filters.state, STATES)]}
      texts={{ noMatch: "No roles match this filter.", empty: "No roles yet. Add the first one." }}
      {...pages}
      rows={rows}
      details={(role) => (
        <>
          <span>
            {role.team} · {role.location}
          </span>
          <span className="tabular-nums">Order {role.displayOrder}</span>
        </>
      )}
    />
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
