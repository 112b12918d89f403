import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormAlert, SubmitButton } from "~/components/admin/fields";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { RecordCancel, RecordTitle } from "~/components/admin/record-dialog";
import { checkboxClass, hintClass, inputClass, labelClass } from "~/components/admin/styles";
import { useFormRefusal } from "~/components/admin/use-action-toast";
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
import { isSitePage } from "~/utils/site-paths";
import { redirectWithToast } from "~/server/forms/toast.server";
import { actorOf, requireAdminPage } from "~/server/auth/auth.server";
import { RETRY_AFTER_SECONDS } from "~/server/http/error-response.server";
import { describeDatabaseError, isDatabaseUnavailable } from "~db/errors.server";
import { ScrollRegion } from "~/components/ui/scroll-region";

/** Largest file taken (the server's body limit for this address is the same, with room for the form). */
const MAX_FILE_BYTES = 1024 * 1024;

const FAILURE_MESSAGE = "Failed to import redirects. Please try again.";
export const CONFIRM_LABEL = "Yes, send visitors of these pages to the rows' addresses";
/** Refused rows shown at most; the rest are counted. */
export const SHOWN_PROBLEMS = 100;

/** A row whose From is the address of a page of this site: importing it takes that address over. */
interface TakeOver {
  line: number;
  from: string;
  to: string;
  statusCode: number;
}

interface ImportReply extends AdminFormReply {
  /** The confirmation as it was sent, so a refused form keeps it. */
  confirmShadow: boolean;
  /** Every refused row (the first SHOWN_PROBLEMS), and how many more there were. */
  problems?: string[];
  moreProblems?: number;
  /** Rows that would take over pages, listed for the operator to confirm. */
  takeOvers?: TakeOver[];
  /**
   * The file's text, sent back in a hidden field: without JavaScript a refused form loses its chosen file,
   * and the operator can then confirm or fix without choosing it again.
   */
  kept?: { name: string; text: string };
}

function refuse(
  message: string,
  confirmShadow: boolean,
  status = 400,
  headers?: HeadersInit,
  toast = false,
  extra: Partial<ImportReply> = {},
) {
  const body: ImportReply = {
    result: { status: "error", error: { "": [message] } },
    confirmShadow,
    ...(toast ? { toast: failureToast(message) } : {}),
    ...extra,
  };
  return data(body, { status, headers: { ...ADMIN_CACHE_HEADERS, ...headers } });
}

/** The file chosen now, or else the text kept from the last refused try. */
async function uploaded(formData: FormData): Promise<{ name: string; text: string; size: number } | null> {
  const file = formData.get("file");
  if (file instanceof File && file.size > 0)
    return { name: file.name, text: await file.text(), size: file.size };
  const text = formData.get("keptText");
  if (typeof text !== "string" || text === "") return null;
  const name = formData.get("keptName");
  return {
    name: typeof name === "string" ? name.slice(0, 200) : "rules.csv",
    text,
    size: new TextEncoder().encode(text).length,
  };
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

  const file = await uploaded(formData);
  if (!file) return refuse("Choose a CSV file to import.", confirmShadow);
  if (file.size > MAX_FILE_BYTES) {
    return refuse(
      "The file is larger than 1 MB: split it into smaller files and import them one by one.",
      confirmShadow,
    );
  }
  const kept = { name: file.name, text: file.text };

  const parsed = await readRedirectCsv(file.text, confirmShadow);
  if (!parsed.ok) {
    return refuse(parsed.message, confirmShadow, 400, undefined, false, {
      kept,
      problems: parsed.problems.slice(0, SHOWN_PROBLEMS).map((problem) => problem.message),
      moreProblems: Math.max(0, parsed.problems.length - SHOWN_PROBLEMS),
    });
  }
  // Rows that would take over a page's address are listed, all of them, for the operator to confirm.
  const takeOvers = parsed.rows
    .filter(({ rule }) => isSitePage(rule.from))
    .map(({ line, rule }): TakeOver => ({ line, from: rule.from, to: rule.to, statusCode: rule.statusCode }));
  if (takeOvers.length > 0 && !confirmShadow) {
    const count = takeOvers.length === 1 ? "1 row takes" : `${takeOvers.length} rows take`;
    return refuse(
      `${count} over the address of a page of this site: confirm below, or remove ${takeOvers.length === 1 ? "it" : "them"} from the file.`,
      confirmShadow,
      400,
      undefined,
      false,
      { kept, takeOvers },
    );
  }

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
      { kept },
    );
  }

  if (!outcome.ok) {
    const from = parsed.rows.find((row) => row.line === outcome.line)?.rule.from;
    // The model's wording names the dialog's box; the import has its own.
    const message =
      outcome.field === "confirmShadow" && from
        ? `${from} is a page of this site: visitors would be sent away from it. Tick "${CONFIRM_LABEL}" to import it.`
        : outcome.message;
    return refuse(`${rowLabel(outcome.line, from)}: ${message}`, confirmShadow, 400, undefined, false, {
      kept,
    });
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
  const reply = useActionData<typeof action>() as ImportReply | undefined;
  const formError = useFormRefusal(reply);
  const kept = reply?.kept;
  const takeOvers = reply?.takeOvers ?? [];
  return (
    <div className="grid gap-4">
      <RecordTitle>Import Redirects</RecordTitle>
      <Form method="post" encType="multipart/form-data" replace className="grid gap-3">
        <FormAlert id="redirect-import-error" message={formError} />
        {reply?.problems && reply.problems.length > 0 ? (
          <div className="grid gap-1">
            <h3 id="redirect-import-problems" className="text-sm font-semibold text-navy-950">
              Refused rows
            </h3>
            {/* A long list scrolls in its own box, which keyboard users can reach. */}
            <ScrollRegion
              labelledBy="redirect-import-problems"
              className="max-h-64 overflow-y-auto rounded-md border border-red-200 bg-red-50"
            >
              <ul className="list-disc py-2 pr-2 pl-7 text-sm text-red-900">
                {reply.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </ScrollRegion>
            {reply.moreProblems ? (
              <p className="text-sm text-red-900">
                …and {reply.moreProblems} more refused {reply.moreProblems === 1 ? "row" : "rows"}.
              </p>
            ) : null}
          </div>
        ) : null}
        {kept ? (
          <>
            <input type="hidden" name="keptName" value={kept.name} />
            <input type="hidden" name="keptText" value={kept.text} />
          </>
        ) : null}
        <div className="grid gap-1">
          <label htmlFor="redirect-import-file" className={labelClass}>
            CSV file
          </label>
          <input
            id="redirect-import-file"
            type="file"
            name="file"
            accept=".csv,text/csv"
            required={!kept}
            aria-invalid={formError ? true : undefined}
            aria-describedby={
              formError ? "redirect-import-hint redirect-import-error" : "redirect-import-hint"
            }
            className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-navy-100 file:px-2 file:py-1 file:text-sm file:font-medium file:text-navy-900`}
          />
          <p id="redirect-import-hint" className={hintClass}>
            {kept ? (
              <>
                {kept.name} is kept from your last try: import it again as it is, or choose a corrected
                file.{" "}
              </>
            ) : null}
            Columns <code className="font-mono">{columns}</code>, with that header line first (an exported
            file has it). The import is all or nothing: if any row is refused, nothing changes. A row whose
            From already has a rule replaces that rule.
          </p>
        </div>
        {takeOvers.length > 0 ? (
          <fieldset className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-navy-900">
            <legend className="px-1 font-semibold text-navy-950">
              Rows that take over a page of this site
            </legend>
            <p>
              Each of these rows has the address of one of this site's own pages as its From. Importing it
              means visitors who open that page are no longer shown it: they are sent to the row's To (or told
              the page is gone, for a 410).
            </p>
            <ScrollRegion label="Rows that take over a page" className="max-h-48 overflow-y-auto">
              <ul className="list-disc pl-5">
                {takeOvers.map((row) => (
                  <li key={row.line}>
                    Row {row.line}: <span className="font-mono">{row.from}</span>{" "}
                    {row.statusCode === 410 ? (
                      "is answered as gone (410)"
                    ) : (
                      <>
                        goes to <span className="font-mono break-all">{row.to}</span> ({row.statusCode})
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </ScrollRegion>
            <div className="flex items-center gap-2">
              <input
                id="redirect-import-confirm"
                type="checkbox"
                name="confirmShadow"
                defaultChecked={reply?.confirmShadow ?? false}
                className={checkboxClass}
              />
              <label htmlFor="redirect-import-confirm" className={labelClass}>
                {CONFIRM_LABEL}
              </label>
            </div>
          </fieldset>
        ) : null}
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <RecordCancel />
          <SubmitButton pendingText="Importing...">Import</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
