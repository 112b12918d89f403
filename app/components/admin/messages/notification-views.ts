/** Where a message's notification stands, as the inbox shows it (filled on the server). */
export type NotificationState = "none" | "queued" | "retrying" | "sent" | "failed";

/** One recipient's notification. */
export interface NotificationView {
  id: number;
  recipient: string;
  state: Exclude<NotificationState, "none">;
  /** "Sent Today, 14:05", "Retrying Today, 14:07 after 3 attempts", "Failed after 2 attempts". */
  status: string;
  /** The mail server's last answer, for a retry or a failure. */
  error: string | null;
}

/** All of a message's notifications in a word, for its row in the inbox. */
export interface NotificationSummary {
  state: NotificationState;
  label: string;
}
