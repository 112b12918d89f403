import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { SubmitButton, TextareaField } from "~/components/admin/fields";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { withdrawalSchema } from "~/schemas/withdrawal";
import { recordScreen, withdrawAction, withdrawScreen } from "~/server/promotions/register-screens.server";
import type { ReactNode } from "react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { DecisionForm } from "~/components/admin/decision-form";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { StatusBadge } from "~/components/admin/status-badge";
import { panelClass, secondaryButton } from "~/components/admin/styles";
import { requireAdminPage } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS, notFound, recordIdParam } from "~/server/forms/admin-action.server";
import { DECISION_LABELS } from "~/utils/promotions";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? `Promotion ${data.record.reference}` : "Promotion");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAdminPage(request);
  const record = await recordScreen(recordIdParam(params.id));
  if (!record) throw notFound();
  return data(
    { record, withdraw: await withdrawScreen(user, request, record.id) },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

/** Withdraws the promotion this approval put live (approvers and admins). */
export function action({ request, context, params }: ActionFunctionArgs) {
  return withdrawAction(request, context, recordIdParam(params.id));
}

/** A value kept in the register, as text: a string as it is, anything else as JSON. */
function valueText(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value, null, 2) ?? "";
}

/** One record of the register: everything kept, read only (no route can change it). */
export default function PromotionRecordPage() {
  const { record, withdraw } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const facts: [string, ReactNode][] = [
    ["Reference", <span className="font-mono">{record.reference}</span>],
    ["Decision", DECISION_LABELS[record.decision]],
    ["What", record.label],
    ["Collection", record.collection],
    ["Record", record.recordId === null ? "Settings" : `#${record.recordId}`],
    ["Owner", record.owner],
    ["Products", record.products.length ? record.products.join(", ") : "None"],
    ["Authors", record.authors.length ? record.authors.join(", ") : "None"],
    ["Decided by", record.decidedBy],
    ["Decided at", <time dateTime={record.decidedAt}>{record.decided}</time>],
    ["Review by", record.reviewBy ? <time dateTime={record.reviewBy}>{record.review}</time> : "None"],
    ["Rationale", <span className="whitespace-pre-wrap">{record.rationale}</span>],
  ];
  return (
    <>
      <AdminPageHeader
        title={`Promotion ${record.reference}`}
        description={record.label}
        actions={
          <Link to="/admin/promotions" className={secondaryButton}>
            Back to register
          </Link>
        }
      />
      <div className="grid gap-6">
        <section aria-labelledby="promotion-record-title" className={`${panelClass} p-4 sm:p-5`}>
          <h2 id="promotion-record-title" className="text-base font-semibold text-navy-950">
            Record
          </h2>
          <FactList entries={facts} />
        </section>

        <section aria-labelledby="promotion-hash-title" className={`${panelClass} p-4 sm:p-5`}>
          <h2 id="promotion-hash-title" className="text-base font-semibold text-navy-950">
            Snapshot hash
          </h2>
          <p className="mt-2 font-mono text-xs break-all text-navy-800">SHA-256 {record.snapshotSha256}</p>
          <p className="mt-2 text-sm text-navy-800" role="status">
            {record.hashMatches ? (
              <>
                <StatusBadge tone="good">Matches</StatusBadge> Recomputed from the pages kept below: the same
                hash. The snapshot is as it was recorded.
              </>
            ) : (
              <>
                <StatusBadge tone="bad">Does not match</StatusBadge> Recomputed from the pages kept below, the
                hash is <span className="font-mono break-all">{record.recomputed}</span>: the snapshot is not
                as it was recorded.
              </>
            )}
          </p>
        </section>

        {withdraw ? <WithdrawForm reply={reply} /> : null}

        <section aria-labelledby="promotion-values-title" className={`${panelClass} p-4 sm:p-5`}>
          <h2 id="promotion-values-title" className="text-base font-semibold text-navy-950">
            Values
          </h2>
          {Object.keys(record.values).length === 0 ? (
            <p className="mt-2 text-sm text-navy-700">No values kept.</p>
          ) : (
            <FactList
              entries={Object.entries(record.values).map(([name, value]) => [
                name,
                <span className="whitespace-pre-wrap">{valueText(value)}</span>,
              ])}
            />
          )}
        </section>

        <section aria-labelledby="promotion-pages-title" className={`${panelClass} p-4 sm:p-5`}>
          <h2 id="promotion-pages-title" className="text-base font-semibold text-navy-950">
            Pages ({record.pages.length})
          </h2>
          {record.pages.length === 0 ? (
            <p className="mt-2 text-sm text-navy-700">No pages kept with this record.</p>
          ) : (
            <ul className="mt-3 grid gap-3">
              {record.pages.map((page, index) => (
                <li key={`${page.path}-${index}`} className="rounded-md border border-navy-200 p-3">
                  <p className="font-mono text-sm font-semibold break-all text-navy-950">{page.path}</p>
                  <details className="mt-2">
                    <summary className="cursor-pointer text-sm font-medium text-accent-800 underline underline-offset-4">
                      HTML source<span className="sr-only"> of {page.path}</span> (
                      {page.html.length.toLocaleString("en-GB")} characters)
                    </summary>
                    <pre className="mt-2 max-h-96 overflow-auto rounded bg-navy-50 p-3 font-mono text-xs whitespace-pre-wrap text-navy-900 [overflow-wrap:anywhere]">
                      {page.html}
                    </pre>
                  </details>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

/** COBS 4: a promotion that stops complying is withdrawn; it leaves the public site at once. */
function WithdrawForm({ reply }: { reply: AdminFormReply | undefined }) {
  const [form, fields] = useAdminForm<{ reason: string }>({
    id: "withdraw",
    schema: withdrawalSchema,
    reply,
    defaultValue: { reason: "" },
  });
  return (
    <DecisionForm
      id="promotion-withdraw-title"
      title="Withdraw this promotion"
      intro="If it no longer complies, withdraw it: it leaves the public site at once (the hero returns to its last approved version, a product or statistic goes to the trash) and the withdrawal is recorded here."
      form={form}
      submit={<SubmitButton>Withdraw promotion</SubmitButton>}
    >
      <TextareaField meta={fields.reason} label="Reason" rows={3} />
    </DecisionForm>
  );
}

function FactList({ entries }: { entries: [string, ReactNode][] }) {
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
      {entries.map(([term, detail]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-navy-900">{term}</dt>
          <dd className="mb-2 break-words text-navy-800 sm:mb-0">{detail}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A record that is not there shows inside the admin, sidebar and all. */
export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
