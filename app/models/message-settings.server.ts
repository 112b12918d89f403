import { messageSettings } from "~db/schema";
import { defaultMessageSettings } from "~/content/defaults";
import { PRESET_SUBJECTS, type PresetSubject } from "~/schemas/contact-fields";
import type { MessageRetentionInput, NotificationRoute, NotificationSettingsInput } from "~/schemas/notification-settings";
import type { Actor } from "./actor";
import { settingsRecord } from "./settings-record.server";

/** Who is told of a new message, and how long messages are kept. */
export interface MessageSettingsValues {
  defaultRecipients: string[];
  routes: NotificationRoute[];
  retentionMonths: number;
}
export type MessageSettings = MessageSettingsValues & { version: number };

const isPreset = (subject: unknown): subject is PresetSubject => (PRESET_SUBJECTS as readonly unknown[]).includes(subject);

const record = settingsRecord({
  table: messageSettings,
  entity: "message settings",
  fallback: (): MessageSettingsValues => ({ ...defaultMessageSettings, routes: [...defaultMessageSettings.routes] }),
  fromRow: (row) => ({
    defaultRecipients: row.defaultRecipients,
    // A subject no longer offered (its routing kept in the row) is not shown or used.
    routes: row.routes.filter((route): route is NotificationRoute => isPreset(route.subject)),
    retentionMonths: row.retentionMonths,
  }),
});

/** Served from the content cache (emptied by every write, on every instance). */
export const getMessageSettings = record.get;
/** Straight from the database: an editor checking the version it loaded. */
export const readMessageSettings = record.read;
export const restoreMessageSettingsVersion = record.restoreVersion;

export function updateNotificationRouting(input: Omit<NotificationSettingsInput, "version">, actor: Actor, expectedVersion?: number) {
  return record.update({ defaultRecipients: input.defaultRecipients, routes: input.routes }, actor, expectedVersion);
}

export function updateMessageRetention(input: Omit<MessageRetentionInput, "version">, actor: Actor, expectedVersion?: number) {
  return record.update({ retentionMonths: input.retentionMonths }, actor, expectedVersion);
}

/**
 * Who is told of a message with this subject: the preset subject's own recipients when it has any (the
 * visitor's subject compared without case or surrounding spaces), else the default ones.
 */
export function recipientsFor(settings: MessageSettingsValues, subject: string): string[] {
  const wanted = subject.trim().toLowerCase();
  const route = settings.routes.find((entry) => entry.subject.toLowerCase() === wanted);
  return route && route.recipients.length > 0 ? route.recipients : settings.defaultRecipients;
}
