import { z } from "zod";
import { PRESET_SUBJECTS, type PresetSubject } from "./contact-fields";
import { monthsKept, recordVersion } from "./fields";

export const NOTIFICATION_MESSAGES = {
  defaultRequired: "Enter at least one e-mail address to notify",
  invalidAddress: (value: string) => `"${value}" is not a valid e-mail address`,
  tooMany: "Enter at most 20 addresses",
  subject: `Choose one of the preset subjects: ${PRESET_SUBJECTS.join(", ")}`,
  duplicateSubject: "List each subject once",
  retention: "Enter a whole number of months from 1 to 120",
} as const;

export const MAX_RECIPIENTS = 20;

const isAddress = (value: string) => z.email().safeParse(value).success && value.length <= 254;

/**
 * A list of addresses: one per line in a form (commas and semicolons also separate them, as people paste
 * them from mail programs), an array in JSON. Trimmed, lowercased, each address once.
 */
const addressList = z
  .preprocess(
    (value) => {
      const list = typeof value === "string" ? value.split(/[\s,;]+/) : value === undefined || value === null ? [] : value;
      return Array.isArray(list)
        ? list.map((item) => (typeof item === "string" ? item.trim() : item)).filter((item) => item !== "")
        : list;
    },
    z.array(z.string({ error: "Invalid input" }).max(254, NOTIFICATION_MESSAGES.invalidAddress("…"))),
  )
  .superRefine((list, ctx) => {
    const bad = list.find((address) => !isAddress(address));
    if (bad !== undefined) ctx.addIssue({ code: "custom", message: NOTIFICATION_MESSAGES.invalidAddress(bad.slice(0, 80)) });
    else if (new Set(list.map((address) => address.toLowerCase())).size > MAX_RECIPIENTS) {
      ctx.addIssue({ code: "custom", message: NOTIFICATION_MESSAGES.tooMany });
    }
  })
  .transform((list) => [...new Set(list.map((address) => address.toLowerCase()))]);

// Strict: a misspelt key inside a route must be refused, not read as "no recipients" (which drops the route).
const route = z.strictObject({
  subject: z.enum(PRESET_SUBJECTS, { error: NOTIFICATION_MESSAGES.subject }),
  recipients: addressList,
});

/**
 * Who is told of a new message: the Notifications screen's form and PUT /api/admin/notification-settings.
 * A preset subject's own recipients replace the default ones for its messages; a subject with none (or left
 * out) goes to the defaults. Only the subjects that have recipients of their own are kept.
 */
export const notificationSettingsSchema = z.object({
  defaultRecipients: addressList.refine((list) => list.length > 0, NOTIFICATION_MESSAGES.defaultRequired),
  routes: z
    .array(route, { error: "Invalid input" })
    .max(PRESET_SUBJECTS.length * 2, "Invalid input")
    .superRefine((routes, ctx) => {
      const seen = new Set<string>();
      routes.forEach((entry, index) => {
        if (seen.has(entry.subject)) ctx.addIssue({ code: "custom", message: NOTIFICATION_MESSAGES.duplicateSubject, path: [index, "subject"] });
        seen.add(entry.subject);
      });
    })
    .transform((routes) => routes.filter((entry) => entry.recipients.length > 0)),
  version: recordVersion,
});
export type NotificationSettingsInput = z.infer<typeof notificationSettingsSchema>;
export type NotificationRoute = { subject: PresetSubject; recipients: string[] };

/** How long messages are kept: the retention form. */
export const messageRetentionSchema = z.object({
  retentionMonths: monthsKept(NOTIFICATION_MESSAGES.retention),
  version: recordVersion,
});
export type MessageRetentionInput = z.infer<typeof messageRetentionSchema>;

