import { DataTable, RowHeadingCell } from "~/components/admin/data-table";
import { getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { DecisionForm } from "~/components/admin/decision-form";
import { FormAlert, hintId, LabelledField, SubmitButton, TextareaField } from "~/components/admin/fields";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { StatusBadge, type BadgeTone } from "~/components/admin/status-badge";
import { dangerButtonClass, inputClass, panelClass, secondaryButton } from "~/components/admin/styles";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { approveSchema, rejectSchema, type ApproveInput, type RejectInput } from "~/schemas/approval";
import { requireAdminPage } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS, notFound, recordIdParam } from "~/server/forms/admin-action.server";
import {
  approvalPageView,
  handleApprovalDecision,
  type ApprovalPageView,
  type ApprovalPreview,
} from "~/server/promotions/approval-screens.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? `Review: ${data.change.label}` : "Review a change");

/** A change to a financial promotion, as its approver reviews it. Opening it changes nothing. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAdminPage(request);
  const change = await approvalPageView(recordIdParam(params.id), user);
  if (!change) throw notFound();
  return data({ change }, { headers: ADMIN_CACHE_HEADERS });
}

/** intent "approve" (rationale, review date) or "reject" (reason). */
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  handleApprovalDecision({ request, context, id: recordIdParam(params.id) });

const STATUS: Record<ApprovalPageView["status"], { label: string; tone: BadgeTone }> = {
  pending: { label: "Waiting for approval", tone: "warning" },
  approved: { label: "Approved", tone: "good" },
  rejected: { label: "Rejected", tone: "bad" },
  superseded: { label: "Replaced by a newer change", tone: "quiet" },
};

export default function ApprovalReview() {
  const { change } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as AdminFormReply | undefined;
  const status = STATUS[change.status];
  return (
    <>
      <AdminPageHeader
        title={change.label}
        description={`A change to a ${change.collectionNoun}, saved by ${change.author} (${change.saved}).`}
        actions={
          <Link to="/admin/approvals" className={secondaryButton}>
            Back to approvals
          </Link>
        }
      />
      <p className="mb-6 flex flex-wrap items-center gap-2 text-sm text-navy-700">
        <span>Status:</span>
        <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
      </p>
      {/* A decision refused because the change was decided meanwhile: its forms are gone, the reason stays. */}
      {change.status !== "pending" && reply?.result.error?.[""] ? (
        <div className="mb-6">
          <FormAlert message={reply.result.error[""].join(" ")} />
        </div>
      ) : null}
      <div className="grid gap-6">
        {change.status === "pending" ? <DiffTable change={change} /> : null}
        <section aria-labelledby="approval-preview-title" className={`${panelClass} p-4 sm:p-5`}>
          <h2 id="approval-preview-title" className="text-base font-semibold text-navy-950">
            {change.status === "pending" ? "Preview of the proposed change" : "The values of this change"}
          </h2>
          {change.previewPages.length > 0 ? (
            <div className="mt-2 text-sm text-navy-700">
              <p>
                The page{change.previewPages.length === 1 ? "" : "s"} as visitors would see{" "}
                {change.previewPages.length === 1 ? "it" : "them"} once this is approved, with the change in
                place (only approvers and admins can open this):
              </p>
              <ul className="mt-2 flex flex-wrap gap-3">
                {change.previewPages.map((page) => (
                  <li key={page.path}>
                    <a href={page.href} className={secondaryButton}>
                      Preview: {page.name}
                      <span className="sr-only"> ({page.path}, not live)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <p className="mt-3 text-sm text-navy-600">
            Below, a summary of the values. The live page
            {change.publicPaths.length === 1 ? " it appears on" : "s it appears on"}:{" "}
            {change.publicPaths.map((path, index) => (
              <span key={path}>
                {index > 0 ? ", " : null}
                <a
                  href={path}
                  target="_blank"
                  rel="noreferrer"
                  className="font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800"
                >
                  {path}
                  <span className="sr-only"> (the live page, opens in a new tab)</span>
                </a>
              </span>
            ))}
          </p>
          <div className="mt-4">
            <Preview preview={change.preview} />
          </div>
        </section>
        {change.status === "pending" ? (
          <Decision change={change} reply={reply} />
        ) : (
          <Outcome change={change} />
        )}
      </div>
    </>
  );
}

function DiffTable({ change }: { change: ApprovalPageView }) {
  return (
    <section aria-labelledby="approval-diff-title">
      <h2 id="approval-diff-title" className="mb-3 text-lg font-semibold text-navy-950">
        What changes
      </h2>
      {change.diff.length === 0 ? (
        <p className="text-sm text-navy-700">No field differs from the live version.</p>
      ) : (
        <DataTable
          caption="Each changed field: its live value and the proposed one"
          minWidth="min-w-[36rem]"
          columns={["Field", "Live", "Proposed"]}
        >
          {change.diff.map((row) => (
            <tr key={row.field} className="align-top">
              <RowHeadingCell>{row.label}</RowHeadingCell>
              <td className="px-4 py-3 break-words whitespace-pre-wrap">
                <DiffValue value={row.live} />
              </td>
              <td className="bg-accent-50 px-4 py-3 break-words whitespace-pre-wrap text-navy-950">
                <DiffValue value={row.proposed} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

/** A value in the diff; an empty one says so rather than leaving the cell blank. */
function DiffValue({ value }: { value: string }) {
  return value === "" ? <span className="text-navy-500 italic">(empty)</span> : value;
}

function Preview({ preview }: { preview: ApprovalPreview }) {
  switch (preview.kind) {
    case "hero":
      return (
        <div className="rounded-lg bg-navy-950 p-6 text-white">
          <p className="text-2xl font-semibold tracking-tight">{preview.title}</p>
          <p className="mt-2 text-sm text-navy-200">{preview.subtitle}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <span className="rounded-md bg-accent-400 px-3 py-1.5 text-sm font-semibold text-navy-950">
              {preview.primaryCtaText}
            </span>
            {preview.secondaryCtaText ? (
              <span className="rounded-md border border-navy-300 px-3 py-1.5 text-sm font-semibold">
                {preview.secondaryCtaText}
              </span>
            ) : null}
          </div>
        </div>
      );
    case "product":
      return (
        <div className="max-w-sm rounded-lg border border-navy-200 bg-white p-5 shadow-sm">
          {preview.badge ? <StatusBadge tone="accent">{preview.badge}</StatusBadge> : null}
          <p className="mt-2 text-lg font-semibold text-navy-950">{preview.name}</p>
          <p className="mt-1 text-sm text-navy-700">{preview.description}</p>
        </div>
      );
    case "statistic":
      return (
        <div className="max-w-xs rounded-lg border border-navy-200 bg-white p-5 text-center">
          <p className="text-3xl font-semibold text-navy-950 tabular-nums">{preview.value}</p>
          <p className="mt-1 text-sm text-navy-700">{preview.label}</p>
        </div>
      );
    case "publication":
      return (
        <div className="max-w-2xl rounded-lg border border-navy-200 bg-white p-5">
          <p className="text-xs font-semibold tracking-wide text-navy-600 uppercase">{preview.noun}</p>
          <p className="mt-1 text-xl font-semibold text-navy-950">{preview.title}</p>
          <p className="mt-2 text-sm text-navy-700">{preview.summary}</p>
          <p className="mt-3 text-xs text-navy-600">
            At <span className="font-mono">{preview.path}</span>. Changes to the body are in the list of
            changes.
          </p>
        </div>
      );
    case "disclosure":
      return (
        <div className="max-w-3xl rounded-lg bg-navy-950 p-5 text-sm text-navy-100">
          <p className="text-xs font-semibold tracking-wide text-navy-200 uppercase">
            Every page&apos;s footer
          </p>
          {preview.lines.map((line) => (
            <p key={line} className="mt-2">
              {line}
            </p>
          ))}
          {preview.scheduled ? (
            <p className="mt-3 border-t border-navy-700 pt-3">{preview.scheduled}</p>
          ) : null}
        </div>
      );
    case "risk-warnings":
      return (
        <div className="grid max-w-3xl gap-3">
          {preview.warnings.map((warning) => (
            <div
              key={warning.label}
              className="rounded-lg border-2 border-navy-950 bg-white p-4 text-sm text-navy-950"
            >
              <p className="text-xs font-semibold tracking-wide text-navy-700 uppercase">{warning.label}</p>
              <p className="mt-1 font-semibold">{warning.text}</p>
            </div>
          ))}
        </div>
      );
  }
}

function Decision({ change, reply }: { change: ApprovalPageView; reply: AdminFormReply | undefined }) {
  if (change.own) {
    return (
      <p className={`${panelClass} border-amber-700 bg-amber-50 p-4 text-sm text-navy-900`}>
        You made this change, so you cannot approve or reject it: another approver must decide.
      </p>
    );
  }
  if (!change.mayDecide) {
    return (
      <p className={`${panelClass} p-4 text-sm text-navy-700`}>
        An approver or an admin decides this change.
      </p>
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ApproveForm
        defaultReviewBy={change.defaultReviewBy}
        reply={reply?.intent === "approve" ? reply : undefined}
      />
      <RejectForm reply={reply?.intent === "reject" ? reply : undefined} />
    </div>
  );
}

function ApproveForm({
  defaultReviewBy,
  reply,
}: {
  defaultReviewBy: string;
  reply: AdminFormReply | undefined;
}) {
  const [form, fields] = useAdminForm<ApproveInput>({
    id: "approval-approve",
    schema: approveSchema,
    reply,
    defaultValue: { rationale: "", reviewBy: defaultReviewBy },
  });
  const reviewHint = "When the promotion is next reviewed. A year from today unless you choose another date.";
  return (
    <DecisionForm
      id="approve-title"
      title="Approve"
      form={form}
      intent="approve"
      submit={
        <SubmitButton intent="approve" pendingText="Approving...">
          Approve and publish
        </SubmitButton>
      }
    >
      <TextareaField
        meta={fields.rationale}
        label="Rationale"
        rows={5}
        hint="Why it is fair, clear and not misleading. Kept in the register of financial promotions."
      />
      <LabelledField meta={fields.reviewBy} label="Review by" hint={reviewHint}>
        <input
          {...getInputProps(fields.reviewBy, {
            type: "date",
            ariaDescribedBy: hintId(fields.reviewBy, reviewHint),
          })}
          className={inputClass}
        />
      </LabelledField>
    </DecisionForm>
  );
}

function RejectForm({ reply }: { reply: AdminFormReply | undefined }) {
  const [form, fields] = useAdminForm<RejectInput>({
    id: "approval-reject",
    schema: rejectSchema,
    reply,
    defaultValue: { reason: "" },
  });
  return (
    <DecisionForm
      id="reject-title"
      title="Reject"
      form={form}
      intent="reject"
      submit={
        <SubmitButton intent="reject" pendingText="Rejecting..." className={dangerButtonClass}>
          Reject
        </SubmitButton>
      }
    >
      <TextareaField
        meta={fields.reason}
        label="Reason"
        rows={5}
        hint="Shown to the author, so they can put it right."
      />
    </DecisionForm>
  );
}

function Outcome({ change }: { change: ApprovalPageView }) {
  const record = change.record;
  return (
    <section aria-labelledby="approval-outcome-title" className={`${panelClass} p-4 sm:p-5`}>
      <h2 id="approval-outcome-title" className="text-base font-semibold text-navy-950">
        Outcome
      </h2>
      {change.status === "superseded" ? (
        <p className="mt-2 text-sm text-navy-700">
          A newer change to the same {change.collectionNoun} replaced this one before anyone decided it.
        </p>
      ) : (
        <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
          <dt className="font-medium text-navy-900">Decision</dt>
          <dd className="text-navy-700">
            {change.status === "approved" ? "Approved" : "Rejected"}
            {change.decidedBy ? ` by ${change.decidedBy}` : ""}
            {change.decidedAt ? (
              <>
                {", "}
                <time dateTime={change.decidedAt}>{change.decided}</time>
              </>
            ) : null}
          </dd>
          {change.status === "rejected" ? (
            <>
              <dt className="font-medium text-navy-900">Reason</dt>
              <dd className="break-words whitespace-pre-wrap text-navy-700">{change.reason}</dd>
            </>
          ) : null}
          {record ? (
            <>
              <dt className="font-medium text-navy-900">Register reference</dt>
              <dd className="font-mono text-navy-950">{record.reference}</dd>
              {change.status === "approved" ? (
                <>
                  <dt className="font-medium text-navy-900">Rationale</dt>
                  <dd className="break-words whitespace-pre-wrap text-navy-700">{record.rationale}</dd>
                  <dt className="font-medium text-navy-900">Review by</dt>
                  <dd className="text-navy-700">{record.reviewBy ?? "Not set"}</dd>
                  <dt className="font-medium text-navy-900">Pages kept</dt>
                  <dd className="text-navy-700">{record.pages.join(", ") || "None"}</dd>
                  <dt className="font-medium text-navy-900">Snapshot SHA-256</dt>
                  <dd className="font-mono text-xs break-all text-navy-700">{record.snapshotSha256}</dd>
                </>
              ) : null}
            </>
          ) : null}
        </dl>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
