import type { AppLoadContext } from "@remix-run/node";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import type { SessionUser } from "~/server/auth/auth.server";
import type { ToastMessage } from "~/utils/toast";
import { isDatabaseUnavailable } from "~db/errors.server";
import { ADMIN_CACHE_HEADERS, beginAdminWrite, failureToast } from "./admin-action.server";
import { readFormData } from "./form-data.server";
import { redirectWithToast } from "./toast.server";

export interface AdminButtonOptions {
  request: Request;
  context: AppLoadContext;
  /** The `intent` values the screen's buttons post; any other is a 400 (a forged or out-of-date form). */
  intents: readonly string[];
  /** The screen the button is on, which the answer returns to (or where the posted form says to return). */
  back: string | ((form: FormData) => string);
  /** The toast when `run` fails; the error itself goes to the log. */
  failureMessage: string;
  /** The write: the toast to return with, or an answer of its own (a redirect elsewhere, a sign-out). */
  run: (form: FormData, user: SessionUser, intent: string) => Promise<ToastMessage | Response>;
}

/**
 * The action of an admin button that is not a form to fill in (End session, Mark invited, Ignore, Restore,
 * Mark as read): session, rate limit and the posted intent, then the write, answered with a redirect to the
 * screen and a toast, so that it works the same without JavaScript. A form to fill in is `handleAdminForm`'s;
 * a delete confirmation is `handleAdminDelete`'s. A database that is away is the server's 503, as for a page.
 */
export async function handleAdminButton(options: AdminButtonOptions): Promise<Response> {
  const { request, failureMessage } = options;
  const { user, limited } = await beginAdminWrite(request, options.context);
  const form = await readFormData(request);
  const back = typeof options.back === "string" ? options.back : options.back(form);
  const intent = form.get("intent");
  if (typeof intent !== "string" || !options.intents.includes(intent)) {
    throw new Response("Bad Request", { status: 400, headers: ADMIN_CACHE_HEADERS });
  }
  if (limited) return redirectWithToast(back, failureToast(RATE_LIMIT_MESSAGE));
  let outcome: ToastMessage | Response;
  try {
    outcome = await options.run(form, user, intent);
  } catch (error) {
    if (error instanceof Response || isDatabaseUnavailable(error)) throw error;
    console.error(`[admin] ${failureMessage}`, error);
    return redirectWithToast(back, failureToast(failureMessage));
  }
  return outcome instanceof Response ? outcome : redirectWithToast(back, outcome);
}
