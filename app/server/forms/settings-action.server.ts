import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPage } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS, handleAdminForm, type AdminFormOptions } from "./admin-action.server";

/** Where a settings form's save goes back to, and SPEC's toasts of it. */
interface SaveTexts {
  path: string;
  successMessage: string;
  failureMessage: string;
}

/**
 * The action of a form that edits one record on its own (a settings screen, the message retention):
 * handleAdminForm, a success going back to `texts.path`.
 */
export function settingsAction<TValue extends { version?: number }, TRecord extends { version: number }>(
  texts: SaveTexts,
  options: Pick<AdminFormOptions<TValue, TRecord>, "schema" | "write" | "current">,
) {
  const { path: successUrl, successMessage, failureMessage } = texts;
  return ({ request, context }: ActionFunctionArgs) =>
    handleAdminForm({ ...options, successUrl, successMessage, failureMessage, request, context });
}

/** The loader of a settings screen: for the signed-in operator only, never cached; `read` gives what it shows. */
export function settingsLoader<T>(read: () => Promise<T>) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireAdminPage(request);
    return data(await read(), { headers: ADMIN_CACHE_HEADERS });
  };
}
