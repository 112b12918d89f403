import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { FormMessages, SubmitButton, TextareaField, TextField } from "~/components/admin/fields";
import { HistoryLink } from "~/components/admin/history-link";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { CONSENT_RETENTION_TOKEN, MESSAGE_RETENTION_TOKEN } from "~/utils/legal-facts";
import { REGULATORY_TOKEN_HELP, REGULATORY_TOKENS } from "~/utils/regulatory-facts";
import { errorClass, hintClass, inputClass, labelClass, panelClass } from "~/components/admin/styles";
import { useActionToast } from "~/components/admin/use-action-toast";
import { now } from "~/models/clock.server";
import { currentLegalDocument, legalDocumentHistory, legalDocumentVersion, publishLegalVersion } from "~/models/legal-documents.server";
import { LEGAL_DOCUMENT_KEYS, legalDocumentSchema, type LegalDocumentInput, type LegalDocumentKey } from "~/schemas/legal-document";
import { requireAdminPage } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS, handleAdminForm, notFound } from "~/server/forms/admin-action.server";
import { formatIsoDate } from "~/utils/dates";
import { legalVersionsPath } from "~/utils/legal-pages";
import { londonIsoDate } from "~/utils/london-time";

export const LEGAL_PUBLISHED = "Legal document published successfully!";
export const LEGAL_PUBLISH_FAILED = "Failed to publish legal document. Please try again.";
const MARKDOWN_HELP = "Markdown: ## Heading {#anchor}, **bold**, [link](https://…), - list item";

function documentKey(value: string | undefined): LegalDocumentKey {
  const key = LEGAL_DOCUMENT_KEYS.find((candidate) => candidate === value);
  if (!key) throw notFound();
  return key;
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  adminMeta(loaded ? `${loaded.title}: new version` : "Legal");

/** The newest version's text to start from (which may not be in effect yet), and every version. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const key = documentKey(params.key);
  const [current, history] = await Promise.all([currentLegalDocument(key), legalDocumentHistory(key)]);
  const latest = history[0] ? await legalDocumentVersion(key, history[0].version) : null;
  if (!current || !latest) throw notFound();
  const today = londonIsoDate(now());
  return data(
    {
      key,
      title: current.title,
      body: latest.body,
      today,
      versionsPath: legalVersionsPath(key),
      history: history.map((entry) => ({
        version: entry.version,
        effectiveDate: entry.effectiveDate,
        changeSummary: entry.changeSummary,
        state: entry.version === current.version ? "Current" : entry.effectiveDate > today ? "Scheduled" : "Replaced",
      })),
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

/** A new version: never an edit of an old one. Signed in, rate-limited, validated field by field. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdminPage(request);
  const key = documentKey(params.key);
  // Versions are never edited, so the form has no record version to check.
  return handleAdminForm<LegalDocumentInput & { version?: number }>({
    request,
    context,
    schema: legalDocumentSchema,
    write: async (value, actor) => {
      const record = await publishLegalVersion(key, value, actor);
      return record ? { ok: true, record } : { ok: false, reason: "not_found" };
    },
    successUrl: `/admin/legal/${key}`,
    notFoundUrl: "/admin/legal",
    successMessage: LEGAL_PUBLISHED,
    failureMessage: LEGAL_PUBLISH_FAILED,
  });
}

export default function LegalDocumentEditor() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  useActionToast(reply?.toast);
  return (
    <>
      <AdminPageHeader
        title={`${loaded.title}: new version`}
        description="Publishing makes a new version; earlier versions stay readable at their own addresses."
        actions={
          <>
            <HistoryLink
              to={`/admin/legal/${loaded.key}/history`}
              className="text-sm font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800"
            />
            <Link to="/admin/legal" className="text-sm font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800">
              All legal documents
            </Link>
          </>
        }
      />
      {/* A fresh form after each publish: the loader's newest version is the new starting text. */}
      <LegalForm key={loaded.history[0]?.version} body={loaded.body} today={loaded.today} reply={reply} />
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

const regulatoryHelp = (Object.keys(REGULATORY_TOKENS) as (keyof typeof REGULATORY_TOKENS)[])
  .map((key) => `${REGULATORY_TOKENS[key]} ${REGULATORY_TOKEN_HELP[key]}`)
  .join(", ");

// Issue 37: the company's details and status are written in from the Regulatory Status record, never typed.
const LEGAL_FACTS_HELP = `${MESSAGE_RETENTION_TOKEN} is shown as how long contact messages are kept, from the setting under Messages; ${CONSENT_RETENTION_TOKEN} how long consent records are kept, from the cookie register. From Regulatory Status, so that a change there changes the document: ${regulatoryHelp}. Write these rather than typing the facts.`;

function LegalForm({ body, today, reply }: { body: string; today: string; reply: AdminFormReply | undefined }) {
  const [form, fields] = useForm<LegalDocumentInput>({
    id: "legal-document",
    lastResult: reply?.result,
    defaultValue: { body, effectiveDate: today, changeSummary: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: legalDocumentSchema, disableAutoCoercion: true }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const date = fields.effectiveDate;
  return (
    <Form method="post" {...getFormProps(form)} className={`${panelClass} grid gap-3 p-4 sm:p-6`}>
      <FormMessages form={form} />
      <TextareaField meta={fields.body} label="Body" rows={20} hint={`${MARKDOWN_HELP} ${LEGAL_FACTS_HELP}`} />
      <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <div className="grid content-start gap-1">
          <label htmlFor={date.id} className={labelClass}>
            Effective date
          </label>
          <input {...getInputProps(date, { type: "date", ariaDescribedBy: `${date.id}-hint` })} className={inputClass} />
          <p id={`${date.id}-hint`} className={hintClass}>
            A future date publishes it on that day.
          </p>
          <p id={date.errorId} className={`${errorClass} min-h-4`}>
            {date.errors?.join(" ")}
          </p>
        </div>
        <TextField meta={fields.changeSummary} label="Change summary" hint="What changed, in a sentence: visitors see it in the version list." />
      </div>
      <div>
        <SubmitButton pendingText="Publishing...">Publish new version</SubmitButton>
      </div>
    </Form>
  );
}
