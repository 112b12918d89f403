import { DataTable, TimeCell } from "~/components/admin/data-table";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { requireAdminPage } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { approvalListView, type ApprovalRowView } from "~/server/promotions/approval-screens.server";
import { approvalHref, isApprovalStatus, type ApprovalStatus } from "~/utils/approval-screens";

export const meta: MetaFunction = () => adminMeta("Approvals");

const TABS: { value: ApprovalStatus; label: string }[] = [
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
];

/** Changes to financial promotions: those waiting for a decision (the default), or those decided. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const asked = new URL(request.url).searchParams.get("status");
  const status: ApprovalStatus = isApprovalStatus(asked) ? asked : "pending";
  return data({ status, rows: await approvalListView(status) }, { headers: ADMIN_CACHE_HEADERS });
}

export default function Approvals() {
  const { status, rows } = useLoaderData<typeof loader>();
  const current = TABS.find((tab) => tab.value === status)!;
  return (
    <>
      <AdminPageHeader
        title="Approvals"
        description="Changes to financial promotions wait here until someone other than their author approves or rejects them."
      />
      <nav aria-label="Approvals by status">
        <ul className={tabListClass}>
          {TABS.map((tab) => (
            <li key={tab.value}>
              <Link
                to={approvalHref(tab.value)}
                aria-current={tab.value === status ? "page" : undefined}
                data-state={tab.value === status ? "active" : "inactive"}
                className={tabClass}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="approvals-title">
        <h2 id="approvals-title" className="mb-3 text-lg font-semibold text-navy-950">
          {current.label} changes <span className="text-sm font-normal text-navy-600">({rows.length})</span>
        </h2>
        {rows.length === 0 ? (
          <p className="text-sm text-navy-700">
            {status === "pending" ? "Nothing is waiting for approval." : `No change has been ${status} yet.`}
          </p>
        ) : (
          <ApprovalTable status={status} rows={rows} />
        )}
      </section>
    </>
  );
}

function ApprovalTable({ status, rows }: { status: ApprovalStatus; rows: ApprovalRowView[] }) {
  const decided = status !== "pending";
  return (
    <DataTable
      caption={
        decided
          ? `Changes ${status}, the most recently decided first`
          : "Changes waiting for approval, the oldest first"
      }
      minWidth="min-w-[40rem]"
      columns={[
        "What",
        "Collection",
        "Author",
        "Saved",
        decided && "Decided",
        <span className="sr-only">Actions</span>,
      ]}
    >
      {rows.map((row) => (
        <tr key={row.id} className="align-top">
          <th scope="row" className="px-4 py-3 font-medium text-navy-950 [overflow-wrap:anywhere]">
            {row.label}
          </th>
          <td className="px-4 py-3 capitalize">{row.collectionNoun}</td>
          <td className="px-4 py-3 [overflow-wrap:anywhere]">{row.author}</td>
          <TimeCell at={row.savedAt} text={row.saved} />
          {decided ? (
            <td className="px-4 py-3 [overflow-wrap:anywhere]">
              {row.decidedAt ? <time dateTime={row.decidedAt}>{row.decided}</time> : null}
              {row.decidedBy ? <span className="block text-xs text-navy-600">by {row.decidedBy}</span> : null}
            </td>
          ) : null}
          <td className="px-4 py-3 whitespace-nowrap">
            <Link
              to={`/admin/approvals/${row.id}`}
              className="font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800"
            >
              {decided ? "View" : "Review"}
              <span className="sr-only">: {row.label}</span>
            </Link>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

const tabListClass = "mb-4 flex flex-wrap gap-x-1 border-b border-navy-200";
const tabClass =
  "-mb-px inline-block border-b-2 border-transparent px-2 py-2 text-sm sm:px-3 font-medium whitespace-nowrap text-navy-700 hover:text-navy-950 data-[state=active]:border-accent-700 data-[state=active]:text-navy-950";

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
