import type { ActionFunctionArgs } from "@remix-run/node";
import { now } from "~/models/clock.server";
import { updateRole, type Role } from "~/models/roles.server";
import { failureToast, successToast } from "~/server/forms/admin-action.server";
import { handleAdminButton } from "~/server/forms/admin-button.server";
import { actorOf } from "~/server/auth/auth.server";
import { roleValues } from "./careers-collection.server";

const CLOSE_FAILED = "Failed to close role. Please try again.";

/**
 * The role editor's "Close now": the role leaves the site at once (Closes at becomes now), everything else
 * as it is; saved over the version the form was loaded with.
 */
export async function closeRoleNow({ request, context }: ActionFunctionArgs, role: Role) {
  return handleAdminButton({
    request,
    context,
    intents: ["close"],
    back: `/admin/careers/${role.id}/edit`,
    failureMessage: CLOSE_FAILED,
    async run(form, user) {
      const sent = Number(form.get("version"));
      const version = Number.isSafeInteger(sent) ? sent : undefined;
      const outcome = await updateRole(role.id, { ...roleValues(role), closesAt: now() }, actorOf(user), version);
      if (outcome.ok) return successToast("Role closed successfully!");
      return failureToast(outcome.reason === "conflict" ? outcome.message : CLOSE_FAILED);
    },
  });
}
