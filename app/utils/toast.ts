/** A notification, as SPEC 4 describes: a title, a description, a default or destructive look. */
export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** A delete's way back: restores the record from the trash, then returns to `returnTo`. */
  undo?: UndoDelete;
}

export interface UndoDelete {
  collection: string;
  id: number;
  /** The list the delete was made from (an /admin path). */
  returnTo: string;
  /** What the record is called, for the button's accessible name ("Undo delete of Robo Pensions"). */
  label: string;
}

/** Where the trash sends the operator back to after an undo (only an admin path; anything else: the trash). */
export const UNDO_TARGET = /^\/admin\/[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/** SPEC 9's toast constants. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD = 50;
