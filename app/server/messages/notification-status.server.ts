import type { NotificationState, NotificationSummary, NotificationView } from "~/components/admin/messages/notification-views";
import { formatAdminTime } from "~/components/admin/format-time";
import type { Notification } from "~/models/notifications.server";
import { getConfig } from "~/server/config.server";

const attemptsText = (attempts: number) => `${attempts} attempt${attempts === 1 ? "" : "s"}`;

function stateOf(row: Notification): NotificationView["state"] {
  if (row.status === "sent" || row.status === "failed") return row.status;
  return row.attempts > 0 ? "retrying" : "queued";
}

/** Each recipient's notification, in words an operator can act on. */
export function notificationViews(rows: readonly Notification[], at: Date = new Date()): NotificationView[] {
  const mailOff = getConfig().mail.mode === "off";
  return rows.map((row) => {
    const state = stateOf(row);
    const status =
      state === "sent"
        ? `Sent ${formatAdminTime(row.sentAt ?? row.createdAt, at)}${row.deliveredVia === "file" ? " (kept on the server: this local site does not send e-mail)" : ""}`
        : state === "failed"
          ? `Failed after ${attemptsText(row.attempts)}`
          : state === "retrying"
            ? `Retrying ${formatAdminTime(row.nextAttemptAt, at)} after ${attemptsText(row.attempts)}`
            : mailOff
              ? "Queued: sending e-mail is not set up yet"
              : "Queued";
    return { id: row.id, recipient: row.recipient, state, status, error: state === "sent" ? null : row.lastError };
  });
}

const SUMMARY_LABELS: Record<NotificationState, string> = {
  none: "Nobody notified",
  queued: "Notification queued",
  retrying: "Notification retrying",
  sent: "Notified",
  failed: "Notification failed",
};

/** The state that most needs an operator's eye wins: failed, then retrying, then queued; sent when all were. */
export function notificationSummary(rows: readonly Notification[]): NotificationSummary {
  const states = new Set(rows.map(stateOf));
  const state: NotificationState =
    rows.length === 0
      ? "none"
      : states.has("failed")
        ? "failed"
        : states.has("retrying")
          ? "retrying"
          : states.has("queued")
            ? "queued"
            : "sent";
  return { state, label: SUMMARY_LABELS[state] };
}
