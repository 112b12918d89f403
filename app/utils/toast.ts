/** A notification, as SPEC 4 describes: a title, a description, a default or destructive look. */
export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

/** SPEC 9's toast constants. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD = 50;
