import type { NotificationState, NotificationSummary, NotificationView } from "./notification-views";

const STATE_STYLES: Record<NotificationState, string> = {
  none: "border-navy-400 bg-white text-navy-700",
  queued: "border-navy-400 bg-navy-50 text-navy-800",
  retrying: "border-amber-700 bg-amber-50 text-amber-900",
  sent: "border-green-700 bg-green-50 text-green-900",
  failed: "border-red-700 bg-red-50 text-red-800",
};

/** A message's notification in a word: its row in the inbox. */
export function NotificationBadge({ summary }: { summary: NotificationSummary }) {
  return (
    <span className={`inline-flex items-center rounded border px-1.5 py-0.5 text-xs font-medium ${STATE_STYLES[summary.state]}`}>
      {summary.label}
    </span>
  );
}

/** Who was told of a message, when, and what went wrong where it did not go. */
export function NotificationList({ notifications }: { notifications: readonly NotificationView[] }) {
  if (notifications.length === 0) {
    return <p className="text-sm text-navy-700">Nobody was notified of this message (no recipients were set).</p>;
  }
  return (
    <ul className="grid gap-2">
      {notifications.map((notification) => (
        <li key={notification.id} className="grid gap-0.5 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-all text-navy-950">{notification.recipient}</span>
            <span className={`inline-flex items-center rounded border px-1.5 py-0.5 text-xs font-medium ${STATE_STYLES[notification.state]}`}>
              {notification.status}
            </span>
          </div>
          {notification.error ? <p className="text-xs break-words text-navy-700">Last answer: {notification.error}</p> : null}
        </li>
      ))}
    </ul>
  );
}
