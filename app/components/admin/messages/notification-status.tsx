import { StatusBadge, type BadgeTone } from "~/components/admin/status-badge";
import type { NotificationState, NotificationSummary, NotificationView } from "./notification-views";

const STATE_TONES: Record<NotificationState, BadgeTone> = {
  none: "quiet",
  queued: "neutral",
  retrying: "warning",
  sent: "good",
  failed: "bad",
};

/** A message's notification in a word: its row in the inbox. */
export function NotificationBadge({ summary }: { summary: NotificationSummary }) {
  return <StatusBadge tone={STATE_TONES[summary.state]}>{summary.label}</StatusBadge>;
}

/** Who was told of a message, when, and what went wrong where it did not go. */
export function NotificationList({ notifications }: { notifications: readonly NotificationView[] }) {
  if (notifications.length === 0) {
    return (
      <p className="text-sm text-navy-700">Nobody was notified of this message (no recipients were set).</p>
    );
  }
  return (
    <ul className="grid gap-2">
      {notifications.map((notification) => (
        <li key={notification.id} className="grid gap-0.5 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-all text-navy-950">{notification.recipient}</span>
            <StatusBadge tone={STATE_TONES[notification.state]}>{notification.status}</StatusBadge>
          </div>
          {notification.error ? (
            <p className="text-xs break-words text-navy-700">Last answer: {notification.error}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
