import { parseWithZod } from "@conform-to/zod/v4";
import { PENDING_APPROVAL_MESSAGE } from "~/utils/approvals";
import type { UndoDelete } from "~/utils/toast";
import { data, type AppLoadContext } from "@remix-run/node";
import type { ZodType } from "zod";
import type { AdminFormReply, StaleSaveMerge } from "~/components/admin/form-reply";
import type { Actor, WriteResult } from "~/models/actor";
import { actorOf, requireAdminPage, type SessionUser } from "~/server/auth/auth.server";
import { checkRateLimit, RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { withoutVersion } from "~/schemas/fields";
import { parseRecordId } from "~/utils/record-id";
import type { ToastMessage } from "~/utils/toast";
import { redirectWithToast } from "~/server/forms/toast.server";
import { readFormData } from "~/server/forms/form-data.server";
import { RETRY_AFTER_SECONDS } from "~/server/http/error-response.server";
import { describeDatabaseError, isDatabaseUnavailable } from "~db/errors.server";
import { applyMergeChoices, staleSaveMerge, type StaleSaveSource } from "./stale-save.server";

/** A form whose hidden version field was tampered with or mangled. */
export const STALE_FORM_MESSAGE = "This form could not be read. Reload the page and try again.";

/** Admin pages and answers: for the signed-in operator only, never cached by anyone. */
export const ADMIN_CACHE_HEADERS = { "Cache-Control": "private, no-store" } as const;

export interface AdminFormOptions<
  TValue extends { version?: number },
  TRecord extends { version: number } = { version: number },
> {
  request: Request;
  context: AppLoadContext;
  /** The form's schema, with the hidden `version` field the form was loaded with. */
  schema: ZodType<TValue>;
  /** Writes through a model; `expectedVersion` is the version the form was loaded with (absent: overwrite). */
  write: (
    value: Omit<TValue, "version">,
    actor: Actor,
    expectedVersion: number | undefined,
  ) => Promise<WriteResult<unknown>>;
  /**
   * The record being edited (edits only): a stale save is refused with the operator's values beside the
   * record's, field by field, and the merge panel's choices are applied when it is saved again.
   */
  current?: StaleSaveSource<TRecord>;
  successUrl: string;
  successMessage: string;
  /** SPEC's "Error" text for this action. */
  failureMessage: string;
  /** Where to go when the record has gone (deleted meanwhile). */
  notFoundUrl?: string;
  intent?: string;
}

/** An admin form's answer, never cached. */
export function reply(body: AdminFormReply, status: number, headers?: HeadersInit) {
  return data(body, { status, headers: { ...ADMIN_CACHE_HEADERS, ...headers } });
}

/** What a form's refusal is built from: Conform's parsed submission, whatever its schema. */
type ParsedForm = { reply(options: { formErrors: string[] }): AdminFormReply["result"] };

/** A form refused as a whole: `message` above the form and in a toast. */
export function refusedForm(
  intent: string | undefined,
  submission: ParsedForm,
  message: string,
  status: number,
  headers?: HeadersInit,
) {
  return reply(
    { intent, result: submission.reply({ formErrors: [message] }), toast: failureToast(message) },
    status,
    headers,
  );
}

/** A form posted over the admin write rate limit: 429, with the wait in Retry-After. */
export function rateLimitedReply(intent: string | undefined, submission: ParsedForm, retryAfter: number) {
  return refusedForm(intent, submission, RATE_LIMIT_MESSAGE, 429, { "Retry-After": String(retryAfter) });
}

/**
 * A write that threw: logged, and SPEC's failure message whatever went wrong; a database that is away or
 * full is 503 with Retry-After.
 */
export function writeFailedReply(
  intent: string | undefined,
  submission: ParsedForm,
  failureMessage: string,
  error: unknown,
) {
  const unavailable = isDatabaseUnavailable(error);
  console.error(`[admin] ${failureMessage}`, unavailable ? describeDatabaseError(error) : error);
  const headers = unavailable ? { "Retry-After": RETRY_AFTER_SECONDS } : undefined;
  return refusedForm(intent, submission, failureMessage, unavailable ? 503 : 500, headers);
}

/** Signed in (404 if not) and within the admin write rate limit (null if over it, with the wait). */
export async function beginAdminWrite(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: SessionUser; limited: null | { retryAfter: number } }> {
  const user = await requireAdminPage(request);
  const limit = await checkRateLimit("adminWrite", context.clientAddress);
  return { user, limited: limit.allowed ? null : { retryAfter: limit.retryAfter } };
}

export function failureToast(description: string): ToastMessage {
  return { title: "Error", description, variant: "destructive" };
}

export function successToast(description: string): ToastMessage {
  return { title: "Success", description };
}

/**
 * The action of every admin edit form: session, rate limit, the shared schema, the model write, and the
 * answer SPEC asks for: a redirect with the success toast, 400 with every field's message, 409 when the
 * copy being saved is stale (the operator's values kept, with the merge to choose from), 429 when over the
 * limit, the "Error" toast otherwise.
 */
export async function handleAdminForm<
  TValue extends { version?: number },
  TRecord extends { version: number } = { version: number },
>(options: AdminFormOptions<TValue, TRecord>) {
  const { request, context, intent } = options;
  const { user, limited } = await beginAdminWrite(request, context);
  const formData = await readFormData(request);
  const parse = () => parseWithZod(formData, { schema: options.schema, disableAutoCoercion: true });

  // SPEC's failure message whatever went wrong; a database that is away or full is 503 with Retry-After.
  const failed = (error: unknown, submission: ReturnType<typeof parse>) => {
    return writeFailedReply(intent, submission, options.failureMessage, error);
  };

  // A merge saved again: "Use current" fields take the record's values; the choices never reach the schema.
  try {
    await applyMergeChoices(formData, limited ? undefined : options.current);
  } catch (error) {
    return failed(error, parse());
  }
  const submission = parse();

  if (limited) return rateLimitedReply(intent, submission, limited.retryAfter);
  if (submission.status !== "success") {
    // The hidden version field has no place to show an error: say it for the whole form.
    const formErrors = submission.error?.version ? [STALE_FORM_MESSAGE] : undefined;
    return reply({ intent, result: submission.reply(formErrors ? { formErrors } : undefined) }, 400);
  }

  let outcome: WriteResult<unknown>;
  let merge: StaleSaveMerge | undefined;
  const { input, version } = withoutVersion(submission.value);
  try {
    outcome = await options.write(input, actorOf(user), version);
    if (!outcome.ok && outcome.reason === "conflict" && options.current) {
      merge = await staleSaveMerge(options.current, submission.payload, version);
    }
  } catch (error) {
    return failed(error, submission);
  }

  if (outcome.ok) {
    // A financial promotion saved while approval is required: nothing went live yet.
    const message = "pending" in outcome ? PENDING_APPROVAL_MESSAGE : options.successMessage;
    return redirectWithToast(options.successUrl, successToast(message));
  }
  switch (outcome.reason) {
    case "invalid":
      return reply(
        { intent, result: submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } }) },
        400,
      );
    case "conflict":
      // The form keeps what the operator sent, with the reason at the top and the merge under it.
      return reply(
        { intent, result: submission.reply({ formErrors: [outcome.message] }), ...(merge ? { merge } : {}) },
        409,
      );
    case "not_found":
      return redirectWithToast(
        options.notFoundUrl ?? options.successUrl,
        failureToast(options.failureMessage),
      );
  }
}

/** A record's delete action: session, rate limit, the delete, and SPEC's toasts. */
export async function handleAdminDelete(options: {
  request: Request;
  context: AppLoadContext;
  remove: (actor: Actor) => Promise<WriteResult<unknown> | boolean>;
  listUrl: string;
  successMessage: string;
  failureMessage: string;
  /** The record's place in the trash, so that the toast can offer Undo. */
  undo?: () => Omit<UndoDelete, "returnTo"> | undefined;
}) {
  const { user, limited } = await beginAdminWrite(options.request, options.context);
  if (limited) {
    return reply(
      {
        result: { status: "error", error: { "": [RATE_LIMIT_MESSAGE] } },
        toast: failureToast(RATE_LIMIT_MESSAGE),
      },
      429,
      { "Retry-After": String(limited.retryAfter) },
    );
  }
  let removed = false;
  try {
    const outcome = await options.remove(actorOf(user));
    removed = typeof outcome === "boolean" ? outcome : outcome.ok;
  } catch (error) {
    console.error(`[admin] ${options.failureMessage}`, error);
    if (isDatabaseUnavailable(error)) {
      return reply(
        {
          result: { status: "error", error: { "": [options.failureMessage] } },
          toast: failureToast(options.failureMessage),
        },
        503,
        { "Retry-After": RETRY_AFTER_SECONDS },
      );
    }
  }
  return redirectWithToast(
    options.listUrl,
    removed
      ? {
          ...successToast(options.successMessage),
          ...withUndo(options.undo?.(), options.listUrl),
        }
      : failureToast(options.failureMessage),
  );
}

function withUndo(undo: Omit<UndoDelete, "returnTo"> | undefined, returnTo: string): { undo?: UndoDelete } {
  return undo ? { undo: { ...undo, label: undo.label.slice(0, 200), returnTo } } : {};
}

/** A record's id from the URL; anything that is not one is a 404. */
export function recordIdParam(value: string | undefined): number {
  const id = parseRecordId(value);
  if (id === null) throw notFound();
  return id;
}

export function notFound(): Response {
  return new Response("Not Found", { status: 404, statusText: "Not Found", headers: ADMIN_CACHE_HEADERS });
}
