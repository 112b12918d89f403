import { getMessageSettings, updateNotificationRouting } from "~/models/message-settings.server";
import { withoutVersion } from "~/schemas/fields";
import { privateJson, readJsonBody, requireOperatorWrite, writtenRecord } from "~/server/api/api.server";
import { operatorRoute } from "~/server/api/history-api.server";
import { notificationSettingsJson, notificationSettingsRequest } from "~/server/api/notification-resources.server";
import { actorOf, requireAdminApi } from "~/server/auth/auth.server";

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

export const loader = handle;
export const action = handle;
