import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminMeta } from "~/components/admin/meta";
import { PublishingListPage } from "~/components/admin/publishing/list-page";
import { STATE_OPTIONS } from "~/components/admin/publishing-list";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { listRoles, rolePath } from "~/models/roles.server";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { publishingListPage, publishingRow } from "~/server/publishing/list.server";

export const meta: MetaFunction = () => adminMeta("Careers");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const { state, at, items, ...pages } = await publishingListPage(
    request,
    ["draft", "scheduled", "published", "closed"],
    (state, page) => listRoles({ state, page }),
  );
  return data(
    {
      filters: { state: state ?? "" },
      ...pages,
      roles: items.map((role) => ({
        ...publishingRow(role, rolePath(role.slug), at),
        team: role.team,
        location: role.location,
        displayOrder: role.displayOrder,
      })),
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

export const shouldRevalidate = revalidateAfterConflict;

export default function CareersRoles() {
  const { filters, total, page, pageCount, roles } = useLoaderData<typeof loader>();
  return (
    <PublishingListPage
      section="careers"
      noun="role"
      title="Careers"
      description="Open roles on the Careers page: publish, schedule and close them."
      filters={[{ name: "state", label: "Status", value: filters.state, options: STATE_OPTIONS }]}
      texts={{ noMatch: "No roles match this filter.", empty: "No roles yet. Add the first one." }}
      total={total}
      page={page}
      pageCount={pageCount}
      rows={roles}
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
