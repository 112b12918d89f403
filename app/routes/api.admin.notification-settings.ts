import { getMessageSettings, updateNotificationRouting } from "~/models/message-settings.server";
import { withoutVersion } from "~/schemas/fields";
import { privateJson, readJsonBody, requireOperatorWrite, writtenRecord } from "~/server/api/api.server";
import { operatorRoute } from "~/server/api/history-api.server";
import {
  notificationSettingsJson,
  notificationSettingsRecord,
  notificationSettingsRequest,
} from "~/server/api/notification-resources.server";
import { actorOf, requireAdminApi } from "~/server/auth/auth.server";
import { operatorCall, type ApiOperation } from "~/server/api/openapi-operations.server";

/** Who is told of a new message: the Notifications screen's settings as JSON, for the operator alone. */
const handle = operatorRoute({
  async GET({ request }) {
    await requireAdminApi(request);
    return privateJson(notificationSettingsJson(await getMessageSettings()));
  },
  async PUT(args) {
    const user = await requireOperatorWrite(args);
    const { input, version } = withoutVersion(await readJsonBody(args.request, notificationSettingsRequest));
    const record = writtenRecord(await updateNotificationRouting(input, actorOf(user), version), "Notification settings not found");
    return privateJson(notificationSettingsJson(record));
  },
});

export { handle as loader, handle as action };

export const openapi: ApiOperation[] = [
  operatorCall("get", "/api/admin/notification-settings", "Who is e-mailed about a new message", {
    status: 200,
    schema: notificationSettingsRecord,
  }),
  operatorCall(
    "put",
    "/api/admin/notification-settings",
    "Change who is e-mailed about a new message",
    { status: 200, schema: notificationSettingsRecord },
    {
      request: notificationSettingsRequest,
      description:
        "Replaces the routing: `defaultRecipients` (at least one address) are told of every message whose subject has no recipients of its own; `routes` gives a preset subject its own recipients (a subject left out, or with none, goes to the defaults). Addresses are lowercased and each kept once. With `version`, a change made since is not overwritten (409).",
    },
  ),
];
