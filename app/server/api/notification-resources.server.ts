import { z } from "zod";
import type { MessageSettings } from "~/models/message-settings.server";
import { PRESET_SUBJECTS } from "~/schemas/contact-fields";
import { notificationSettingsSchema } from "~/schemas/notification-settings";
import { named } from "~/server/api/openapi-operations.server";

/**
 * GET and PUT /api/admin/notification-settings: who is told of a new message. The request is the
 * Notifications screen's own schema, strict; the OpenAPI document is generated from these.
 */
export const notificationSettingsRequest = named(z.strictObject(notificationSettingsSchema.shape), "NotificationSettingsInput");

const address = z.email().meta({ description: "An e-mail address" });

export const notificationSettingsRecord = named(
  z.object({
    defaultRecipients: z.array(address).min(1).meta({ description: "Told of every message whose subject has no recipients of its own" }),
    routes: z
      .array(z.object({ subject: z.enum(PRESET_SUBJECTS), recipients: z.array(address).min(1) }))
      .meta({ description: "The preset subjects that have recipients of their own; any other subject goes to the default recipients" }),
    version: z.number().int().min(0),
  }),
  "NotificationSettings",
);

export function notificationSettingsJson(settings: MessageSettings): z.output<typeof notificationSettingsRecord> {
  return {
    defaultRecipients: [...settings.defaultRecipients],
    routes: settings.routes.map((route) => ({ subject: route.subject, recipients: [...route.recipients] })),
    version: settings.version,
  };
}
