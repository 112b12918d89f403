import { DataTable, TimeCell } from "~/components/admin/data-table";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminMeta } from "~/components/admin/meta";
import { ListFilter } from "~/components/admin/list/list-filter";
import { AdminPageHeader } from "~/components/admin/page-header";
import { StatusBadge, type BadgeTone } from "~/components/admin/status-badge";
import { checkboxClass, hintClass, labelClass, panelClass, primaryButton, secondaryButton } from "~/components/admin/styles";
import { requireAdminPage } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { registerScreen } from "~/server/promotions/register-screens.server";
import { DECISION_LABELS, REVIEW_DUE_DAYS, type PromotionDecision } from "~/utils/promotions";

export const meta: MetaFunction = () => adminMeta("Promotions");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdminPage(request);
  return data(await registerScreen(user, new URL(request.url)), { headers: ADMIN_CACHE_HEADERS });
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

const DECISION_TONES: Record<PromotionDecision, BadgeTone> = {
  approved: "good",
  rejected: "bad",
  withdrawn: "warning",
};

export default function Promotions() {
  const { filters, admin, required, total, records } = useLoaderData<typeof loader>();
  const filtered = filters.decision !== "all" || filters.reviewDue;
  return (
    <>
      <AdminPageHeader
        title="Promotions"
        description="The register of financial promotions: every approval, rejection and withdrawal, kept unchanged."
        actions={
          <>
            <a href="/admin/promotions.csv" download className={secondaryButton}>
              Download CSV
            </a>
            <a href="/admin/promotions.json" download className={secondaryButton}>
              Download JSON
            </a>
          </>
        }
      />
      <ApprovalSetting admin={admin} required={required} />

      <section aria-labelledby="promotions-register-title">
        <h2 id="promotions-register-title" className="mb-3 text-lg font-semibold text-navy-950">
          Register{" "}
          <span className="text-sm font-normal text-navy-600">
            (
            {filtered
              ? `${records.length.toLocaleString("en-GB")} of ${total.toLocaleString("en-GB")}`
              : total.toLocaleString("en-GB")}
            )
          </span>
        </h2>
        <FilterForm decision={filters.decision} reviewDue={filters.reviewDue} active={filtered} />
        {records.length === 0 ? (
          <p className="text-sm text-navy-700">
            {filtered ? "No records match these filters." : "No promotion has been decided yet."}
          </p>
        ) : (
          <DataTable
            caption="Financial promotions register, newest decision first"
            minWidth="min-w-[52rem]"
            columns={["Reference", "Decision", "What", "Decided by", "Decided at", "Review by", "Hash"]}
          >
            {records.map((record) => (
              <RecordRow key={record.id} record={record} />
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}

function ApprovalSetting({ admin, required }: { admin: boolean; required: boolean }) {
  const state = required
    ? "Approval is on: a change to a financial promotion goes live once an approver approves it."
    : "Approval is off: a change to a financial promotion goes live when it is saved.";
  return (
    <section aria-labelledby="approval-setting-title" className={`${panelClass} mb-6 p-4`}>
      <h2 id="approval-setting-title" className="text-base font-semibold text-navy-950">
        Approval
      </h2>
      <p className="mt-1 text-sm text-navy-800">
        <StatusBadge tone={required ? "good" : "warning"}>{required ? "On" : "Off"}</StatusBadge> {state}
      </p>
      {admin ? (
        <Form
          method="post"
          action="/admin/promotions/setting"
          preventScrollReset
          className="mt-3 flex flex-wrap items-center gap-3"
        >
          <div className="flex items-center gap-2">
            <input
              key={String(required)}
              id="approval-required"
              type="checkbox"
              name="required"
              defaultChecked={required}
              aria-describedby="approval-required-hint"
              className={checkboxClass}
            />
            <label htmlFor="approval-required" className={labelClass}>
              Financial promotions need approval
            </label>
          </div>
          <button type="submit" className={primaryButton}>
            Save
          </button>
          <p id="approval-required-hint" className={`${hintClass} basis-full`}>
            On, a change to the hero, a product or a statistic waits until another person approves it.
          </p>
        </Form>
      ) : null}
    </section>
  );
}

function FilterForm({
  decision,
  reviewDue,
  active,
}: {
  decision: string;
  reviewDue: boolean;
  active: boolean;
}) {
  return (
    <ListFilter
      label="Promotions register"
      idPrefix="promotions"
      clearTo="/admin/promotions"
      active={active}
      fields={[
        {
          kind: "select",
          name: "decision",
          label: "Decision",
          value: decision,
          all: { label: "All decisions", value: "all" },
          options: Object.entries(DECISION_LABELS).map(([value, label]) => ({ value, label })),
        },
        {
          kind: "checkbox",
          name: "review",
          label: `Review overdue or due within ${REVIEW_DUE_DAYS} days`,
          value: "due",
          checked: reviewDue,
        },
      ]}
    />
  );
}

function RecordRow({ record }: { record: LoaderData["records"][number] }) {
  return (
    <tr className="align-top">
      <th scope="row" className="px-4 py-3 font-medium whitespace-nowrap text-navy-950">
        <Link
          to={`/admin/promotions/${record.id}`}
          className="font-mono underline underline-offset-4 hover:text-accent-800"
        >
          {record.reference}
        </Link>
      </th>
      <td className="px-4 py-3">
        <StatusBadge tone={DECISION_TONES[record.decision]}>{DECISION_LABELS[record.decision]}</StatusBadge>
      </td>
      <td className="px-4 py-3 break-words text-navy-950">{record.label}</td>
      <td className="px-4 py-3 [overflow-wrap:anywhere]">{record.decidedBy}</td>
      <TimeCell at={record.decidedAt} text={record.decided} />
      <td className="px-4 py-3 whitespace-nowrap">
        {record.reviewBy ? (
          <>
            <time dateTime={record.reviewBy}>{record.review}</time>
            {record.reviewOverdue ? (
              <span className="mt-1 block">
                <StatusBadge tone="bad">Overdue</StatusBadge>
              </span>
            ) : record.reviewDue ? (
              <span className="mt-1 block">
                <StatusBadge tone="warning">Due soon</StatusBadge>
              </span>
            ) : null}
          </>
        ) : (
          <span className="text-navy-600">None</span>
        )}
      </td>
      <td className="px-4 py-3 font-mono text-xs">
        <span title={record.hash} aria-hidden="true">
          {record.hash.slice(0, 12)}…
        </span>
        <span className="sr-only">SHA-256 {record.hash}</span>
      </td>
    </tr>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
