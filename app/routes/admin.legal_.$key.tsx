import { Fragment } from "react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { FormMessages, SubmitButton, TextareaField, TextField } from "~/components/admin/fields";
import { HistoryLink } from "~/components/admin/history-link";
import { LineDiff } from "~/components/admin/history/version-difference";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { errorClass, hintClass, inputClass, labelClass, panelClass, primaryButton, secondaryButton } from "~/components/admin/styles";
import { useActionToast } from "~/components/admin/use-action-toast";
import { now } from "~/models/clock.server";
import {
  currentLegalDocument,
  legalDocumentHistory,
  legalDocumentVersion,
  legalDraft,
  saveLegalDraft,
} from "~/models/legal-documents.server";
import { legalDocumentSchema, type LegalDocumentInput } from "~/schemas/legal-document";
import { ADMIN_CACHE_HEADERS, handleAdminForm, notFound } from "~/server/forms/admin-action.server";
import { adminLegalKey } from "~/server/forms/legal-screen.server";
import { formatIsoDate } from "~/utils/dates";
import { LEGAL_PLACEHOLDERS } from "~/utils/legal-facts";
import { legalVersionsPath } from "~/utils/legal-pages";
import { diffLines, withWordChanges } from "~/utils/line-diff";
import { formatLondonDateTime, londonIsoDate } from "~/utils/london-time";

export const LEGAL_DRAFT_SAVED = "Draft saved. Visitors see nothing until you publish it.";
export const LEGAL_DRAFT_FAILED = "Failed to save the draft. Please try again.";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  adminMeta(loaded ? `${loaded.title}: next version` : "Legal");

/**
 * The draft of the next version (or, without one, the newest version's text to start from), what it changes
 * against the newest version, and every version.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = await adminLegalKey(request, params.key);
  const [current, history, draft] = await Promise.all([currentLegalDocument(key), legalDocumentHistory(key), legalDraft(key)]);
  const latest = history[0] ? await legalDocumentVersion(key, history[0].version) : null;
  if (!current || !latest) throw notFound();
  const today = londonIsoDate(now());
  const stateOf = (version: number, effectiveDate: string) =>
    version === current.version ? "Current" : effectiveDate > today ? "Scheduled" : "Replaced";
  return data(
    {
      key,
      title: current.title,
      today,
      versionsPath: legalVersionsPath(key),
      form: draft
        ? { body: draft.body, effectiveDate: draft.effectiveDate, changeSummary: draft.changeSummary }
        : { body: latest.body, effectiveDate: today, changeSummary: "" },
      draft: draft
        ? {
            version: latest.version + 1,
            savedAt: draft.updatedAt.toISOString(),
            savedWhen: formatLondonDateTime(draft.updatedAt),
            savedBy: draft.actorEmail,
            effectiveDate: draft.effectiveDate,
            against: { version: latest.version, state: stateOf(latest.version, latest.effectiveDate) },
            body: withWordChanges(diffLines(latest.body, draft.body)),
            unchanged: latest.body === draft.body,
          }
        : null,
      history: history.map((entry) => ({
        version: entry.version,
        effectiveDate: entry.effectiveDate,
        changeSummary: entry.changeSummary,
        state: stateOf(entry.version, entry.effectiveDate),
      })),
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

/** Saves the draft (a second save replaces it): nothing public changes until it is published. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const key = await adminLegalKey(request, params.key);
  // A draft is replaced as a whole, so the form has no record version to check.
  return handleAdminForm<LegalDocumentInput & { version?: number }>({
    request,
    context,
    schema: legalDocumentSchema,
    write: async (value, actor) => ({ ok: true, record: await saveLegalDraft(key, value, actor) }),
    successUrl: `/admin/legal/${key}`,
    notFoundUrl: "/admin/legal",
    successMessage: LEGAL_DRAFT_SAVED,
    failureMessage: LEGAL_DRAFT_FAILED,
  });
}

const linkClass = "text-sm font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800";

export default function LegalDocumentEditor() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  useActionToast(reply?.toast);
  const { draft } = loaded;
  return (
    <>
      <AdminPageHeader
        title={`${loaded.title}: next version`}
        description="Save a draft, preview it and compare it with the current text, then publish it. Earlier versions stay readable at their own addresses."
        actions={
          <>
            <HistoryLink to={`/admin/legal/${loaded.key}/history`} className={linkClass} />
            <Link to="/admin/legal" className={linkClass}>
              All legal documents
            </Link>
          </>
        }
      />
      {draft ? (
        <section aria-labelledby="legal-draft-heading" className={`${panelClass} mb-6 grid gap-3 border-amber-300 bg-amber-50/60 p-4 sm:p-6`}>
          <h2 id="legal-draft-heading" className="text-lg font-semibold text-navy-950">
            Draft of version {draft.version}: not published
          </h2>
          <p className="text-sm text-navy-800">
            Saved <time dateTime={draft.savedAt}>{draft.savedWhen}</time> by {draft.savedBy}. Visitors and the API's public
            answers do not see it until it is published; it takes effect on{" "}
            <time dateTime={draft.effectiveDate}>{formatIsoDate(draft.effectiveDate)}</time>.
          </p>
          <div className="flex flex-wrap gap-2">
            <Link to={`/admin/legal/${loaded.key}/preview`} className={secondaryButton}>
              Preview draft
            </Link>
            <Link to={`/admin/legal/${loaded.key}/publish`} className={primaryButton}>
              Publish version {draft.version}…
            </Link>
            <Link to={`/admin/legal/${loaded.key}/discard`} className={secondaryButton}>
              Discard draft…
            </Link>
          </div>
        </section>
      ) : null}
      {/* A fresh form after each save or publish: the loader's text is the new starting point. */}
      <LegalForm key={`${loaded.history[0]?.version}-${draft?.savedAt ?? "none"}`} values={loaded.form} reply={reply} hasDraft={Boolean(draft)} />
      <SyntaxHelp />
      {draft ? (
        <section aria-labelledby="legal-diff-heading" className="mt-10">
          <h2 id="legal-diff-heading" className="text-lg font-semibold text-navy-950">
            Changes: version {draft.against.version} ({draft.against.state.toLowerCase()}) against the draft
          </h2>
          <p className="mt-1 text-sm text-navy-600">
            Line by line: lines only in version {draft.against.version} are marked “−”, lines only in the draft “+”.
          </p>
          <div className={`${panelClass} mt-3 p-3`}>
            {draft.unchanged ? (
              <p className="text-sm text-navy-700">The draft's text is the same as version {draft.against.version}'s.</p>
            ) : (
              <LineDiff rows={draft.body} />
            )}
          </div>
        </section>
      ) : null}
      <section aria-labelledby="legal-history-heading" className="mt-10">
        <h2 id="legal-history-heading" className="text-lg font-semibold text-navy-950">
          Versions
        </h2>
        <ol className={`${panelClass} mt-3 divide-y divide-navy-200`}>
          {loaded.history.map((entry) => (
            <li key={entry.version} className="grid gap-1 px-4 py-3 text-sm">
              <p className="font-medium text-navy-950">
                {entry.state === "Scheduled" ? (
                  <>Version {entry.version}</>
                ) : (
                  <a href={`${loaded.versionsPath}/${entry.version}`} className="text-accent-700 underline underline-offset-4 hover:text-accent-800">
                    Version {entry.version}
                  </a>
                )}{" "}
                · {entry.state}, effective <time dateTime={entry.effectiveDate}>{formatIsoDate(entry.effectiveDate)}</time>
              </p>
              <p className="text-navy-700">{entry.changeSummary}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** What the body may contain; the placeholders are the renderer's own list (LEGAL_PLACEHOLDERS). */
function SyntaxHelp() {
  const code = "rounded bg-navy-50 px-1 font-mono text-xs text-navy-950";
  return (
    <section aria-labelledby="legal-syntax-heading" className={`${panelClass} mt-6 p-4 text-sm text-navy-800 sm:p-6`}>
      <h2 id="legal-syntax-heading" className="text-base font-semibold text-navy-950">
        Syntax: headings, anchors and placeholders
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
        <dt>
          <code className={code}>## Heading {"{#anchor}"}</code>
        </dt>
        <dd>
          A section, listed under “On this page”. <code className={code}>{"{#anchor}"}</code> is its address on the page
          (/privacy#anchor): lower-case letters, digits and hyphens. Keep an existing anchor when you reword a heading, so
          links to it keep working.
        </dd>
        <dt>
          <code className={code}>### Sub-heading</code>
        </dt>
        <dd>A heading inside a section.</dd>
        <dt>
          <code className={code}>**bold**</code>, <code className={code}>[link](https://…)</code>, <code className={code}>- list item</code>
        </dt>
        <dd>Markdown, as in posts.</dd>
        {LEGAL_PLACEHOLDERS.map((placeholder) => (
          <Fragment key={placeholder.token}>
            <dt>
              <code className={code}>{placeholder.token}</code>
            </dt>
            <dd>Replaced on the page by {placeholder.help}.</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}

function LegalForm({
  values,
  reply,
  hasDraft,
}: {
  values: LegalDocumentInput;
  reply: AdminFormReply | undefined;
  hasDraft: boolean;
}) {
  const [form, fields] = useForm<LegalDocumentInput>({
    id: "legal-document",
    lastResult: reply?.result,
    defaultValue: values,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: legalDocumentSchema, disableAutoCoercion: true }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const date = fields.effectiveDate;
  return (
    <Form method="post" {...getFormProps(form)} className={`${panelClass} grid gap-3 p-4 sm:p-6`}>
      <FormMessages form={form} />
      <TextareaField meta={fields.body} label="Body" rows={20} hint="Markdown: see “Syntax: headings, anchors and placeholders” below the form." />
      <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <div className="grid content-start gap-1">
          <label htmlFor={date.id} className={labelClass}>
            Effective date
          </label>
          <input {...getInputProps(date, { type: "date", ariaDescribedBy: `${date.id}-hint` })} className={inputClass} />
          <p id={`${date.id}-hint`} className={hintClass}>
            Once published, a future date makes it public on that day.
          </p>
          <p id={date.errorId} className={`${errorClass} min-h-4`}>
            {date.errors?.join(" ")}
          </p>
        </div>
        <TextField meta={fields.changeSummary} label="Change summary" hint="What changed, in a sentence: visitors see it in the version list." />
      </div>
      <div>
        <SubmitButton pendingText="Saving...">{hasDraft ? "Save draft" : "Save as draft"}</SubmitButton>
      </div>
    </Form>
  );
}
