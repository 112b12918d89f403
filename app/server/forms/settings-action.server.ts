import type { ActionFunctionArgs } from "@remix-run/node";
import { handleAdminForm, type AdminFormOptions } from "./admin-action.server";

/**
 * The action of a screen that edits one record on its own page (the settings screens): handleAdminForm
 * with everything but the request, which Remix gives each post.
 */
export function settingsAction<TValue extends { version?: number }, TRecord extends { version: number }>(
  options: Omit<AdminFormOptions<TValue, TRecord>, "request" | "context">,
) {
  return ({ request, context }: ActionFunctionArgs) => handleAdminForm({ ...options, request, context });
}
