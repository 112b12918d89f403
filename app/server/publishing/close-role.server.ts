import type { ActionFunctionArgs } from "@remix-run/node";
import { now } from "~/models/clock.server";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { updateRole, type Role } from "~/models/roles.server";
import { beginAdminWrite, failureToast, successToast } from "~/server/forms/admin-action.server";
import { redirectWithToast } from "~/server/forms/toast.server";
import { actorOf } from "~/server/auth/auth.server";
import { roleValues } from "./careers-collection.server";

const CLOSE_FAILED = "Failed to close role. Please try again.";

/**
 * The role editor's "Close now": the role leaves the site at once (Closes at becomes now), everything else
 * as it is; saved over the version the form was loaded with.
 */
export async function closeRoleNow({ request, context }: ActionFunctionArgs, role: Role, formData: FormData) {
  const sent = Number(formData.get("version"));
  const version = Number.isSafeInteger(sent) ? sent : undefined;
  const { user, limited } = await beginAdminWrite(request, context);
  const editUrl = `/admin/careers/${role.id}/edit`;
  if (limited) return redirectWithToast(editUrl, failureToast(RATE_LIMIT_MESSAGE));
  const input = { ...roleValues(role), closesAt: now() };
  try {
    const outcome = await updateRole(role.id, input, actorOf(user), version);
    if (outcome.ok) return redirectWithToast(editUrl, successToast("Role closed successfully!"));
    return redirectWithToast(
      editUrl,
      failureToast(outcome.reason === "conflict" ? outcome.message : CLOSE_FAILED),
    );
  } catch (error) {
    console.error(`[admin] ${CLOSE_FAILED}`, error);
    return redirectWithToast(editUrl, failureToast(CLOSE_FAILED));
  }
}
