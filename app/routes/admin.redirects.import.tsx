import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormAlert, SubmitButton } from "~/components/admin/fields";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { RecordCancel, RecordTitle } from "~/components/admin/record-dialog";
import { hintClass, inputClass, labelClass } from "~/components/admin/styles";
import { useActionToast } from "~/components/admin/use-action-toast";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { importRedirects } from "~/models/redirects.server";
import {
  ADMIN_CACHE_HEADERS,
  beginAdminWrite,
  failureToast,
  successToast,
} from "~/server/forms/admin-action.server";
import { readFormData } from "~/server/forms/form-data.server";
import { readRedirectCsv, REDIRECT_CSV_HEADER, rowLabel } from "~/server/forms/redirect-import.server";
import { redirectWithToast } from "~/server/forms/toast.server";
import { actorOf, requireAdminPage } from "~/server/auth/auth.server";
import { RETRY_AFTER_SECONDS } from "~/server/http/error-response.server";
import { describeDatabaseError, isDatabaseUnavailable } from "~db/errors.server";

/** Largest file taken (the server's body limit for this address is the same, with room for the form). */
const MAX_FILE_BYTES = 1024 * 1024;

const FAILURE_MESSAGE = "Failed to import redirects. Please try again.";
const CONFIRM_LABEL = "Rows may replace pages of this site";

interface ImportReply extends AdminFormReply {
  /** The confirmation as it was sent, so a refused form keeps it. */
  confirmShadow: boolean;
}

function refuse(message: string, confirmShadow: boolean, status = 400, headers?: HeadersInit, toast = false) {
  const body: ImportReply = {
    result: { status: "error", error: { "": [message] } },
    confirmShadow,
    ...(toast ? { toast: failureToast(message) } : {}),
  };
  return data(body, { status, headers: { ...ADMIN_CACHE_HEADERS, ...headers } });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return data({ columns: REDIRECT_CSV_HEADER.join(",") }, { headers: ADMIN_CACHE_HEADERS });
}

/**
 * A CSV file of rules, all or nothing: read, every row checked with the form's schema, then written in one
 * transaction that checks each row against the rules (and the rows before it). The first refusal names
 * its row.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, limited } = await beginAdminWrite(request, context);
  const formData = await readFormData(request);
  const confirmShadow = formData.get("confirmShadow") === "on";
  if (limited) {
    return refuse(
      RATE_LIMIT_MESSAGE,
      confirmShadow,
      429,
      { "Retry-After": String(limited.retryAfter) },
      true,
    );
  }

  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0)
    return refuse("Choose a CSV file to import.", confirmShadow);
  if (file.size > MAX_FILE_BYTES) {
    return refuse(
      "The file is larger than 1 MB: split it into smaller files and import them one by one.",
      confirmShadow,
    );
  }

  const parsed = await readRedirectCsv(await file.text(), confirmShadow);
  if (!parsed.ok) return refuse(parsed.message, confirmShadow);

  let outcome: Awaited<ReturnType<typeof importRedirects>>;
  try {
    outcome = await importRedirects(parsed.rows, actorOf(user));
  } catch (error) {
    const unavailable = isDatabaseUnavailable(error);
    console.error(`[admin] ${FAILURE_MESSAGE}`, unavailable ? describeDatabaseError(error) : error);
    return refuse(
      FAILURE_MESSAGE,
      confirmShadow,
      unavailable ? 503 : 500,
      unavailable ? { "Retry-After": RETRY_AFTER_SECONDS } : undefined,
      true,
    );
  }

  if (!outcome.ok) {
    const from = parsed.rows.find((row) => row.line === outcome.line)?.rule.from;
    // The model's wording names the dialog's box; the import has its own.
    const message =
      outcome.field === "confirmShadow" && from
        ? `${from} is a page of this site: visitors would be sent away from it. Tick "${CONFIRM_LABEL}" to import it.`
        : outcome.message;
    return refuse(`${rowLabel(outcome.line, from)}: ${message}`, confirmShadow);
  }
  const { created, updated } = outcome;
  const count = created + updated;
  return redirectWithToast(
    "/admin/redirects",
    successToast(
      `Imported ${count} ${count === 1 ? "redirect" : "redirects"}: ${created} added, ${updated} updated.`,
    ),
  );
}

export default function ImportRedirects() {
  const { columns } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  useActionToast(reply?.toast);
  const formError = reply?.result.error?.[""]?.join(" ");
  return (
    <div className="grid gap-4">
      <RecordTitle>Import Redirects</RecordTitle>
      <Form method="post" encType="multipart/form-data" replace className="grid gap-3">
        <FormAlert id="redirect-import-error" message={formError} />
        <div className="grid gap-1">
          <label htmlFor="redirect-import-file" className={labelClass}>
            CSV file
          </label>
          <input
            id="redirect-import-file"
            type="file"
            name="file"
            accept=".csv,text/csv"
            required
            aria-invalid={formError ? true : undefined}
            aria-describedby={
              formError ? "redirect-import-hint redirect-import-error" : "redirect-import-hint"
            }
            className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-navy-100 file:px-2 file:py-1 file:text-sm file:font-medium file:text-navy-900`}
          />
          <p id="redirect-import-hint" className={hintClass}>
            Columns <code className="font-mono">{columns}</code>, with that header line first (an exported
            file has it). The import is all or nothing: if any row is refused, nothing changes. A row whose
            From already has a rule replaces that rule.
          </p>
        </div>
        <div className="flex items-center gap-2">
          <input
            // A refused import keeps the box as it was sent.
            key={String(reply?.confirmShadow ?? false)}
            id="redirect-import-confirm"
            type="checkbox"
            name="confirmShadow"
            defaultChecked={reply?.confirmShadow ?? false}
            className="size-6 rounded border-navy-400 accent-accent-700"
          />
          <label htmlFor="redirect-import-confirm" className={labelClass}>
            {CONFIRM_LABEL}
          </label>
        </div>
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <RecordCancel />
          <SubmitButton pendingText="Importing...">Import</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
