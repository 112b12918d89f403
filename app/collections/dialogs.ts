import type { z } from "zod";

/** A record as its list and its form read it: the loader's JSON. */
export type JsonRow = Record<string, unknown>;

/** One control of a dialog's form; `kind` is text by default. */
export interface DialogField {
  name: string;
  label: string;
  kind?: "text" | "number" | "textarea" | "select" | "checkbox";
  placeholder?: string;
  hint?: string;
  rows?: number;
  inputMode?: "numeric";
  options?: readonly { value: string; label: string }[];
}

/** A status beside a record's name in its list ("Live", "Inactive"). */
export interface RowBadge {
  label: string;
  tone: "accent" | "neutral" | "warning";
}

/**
 * A collection edited in dialogs over its list (SPEC's products, statistics and menu items): the list page,
 * the form and each record's row, all from here; the routes are the generic `/admin/$section` family.
 */
export interface DialogScreen {
  /** The form's and the API's schema; the browser enforces its constraints, the action its messages. */
  schema: z.ZodObject;
  /** What SPEC's dialogs call one: "Add New Product", "Update Menu Item", "Delete Menu Item". */
  formNoun: string;
  page: { title: string; description: string; addLabel: string; loadingText: string; emptyText: string };
  /** The form's controls in order; two in a row share a line on wide screens. */
  fields: readonly (DialogField | readonly [DialogField, DialogField])[];
  /** A new record's values (its display order, after the last, comes from the server). */
  newValues: JsonRow;
  /** A record as the form holds it, where that is not its own values (a select's "none" for null). */
  formValues?: (row: JsonRow) => JsonRow;
  /** What a select's codes read as, for a stale save's merge. */
  valueLabels?: Record<string, Record<string, string>>;
  /** A record in the list: its name (and its Edit and Delete links'), and what is shown around it. */
  row: {
    name: (row: JsonRow) => string;
    /** Shown large before the name (a statistic's value). */
    lead?: (row: JsonRow) => string;
    /** A short code before the name (a menu item's icon). */
    code?: (row: JsonRow) => string | null;
    badges?: (row: JsonRow) => RowBadge[];
    /** Lines under the name; `mono` for addresses. */
    lines?: (row: JsonRow) => { text: string; mono?: boolean }[];
    /** Small facts at the foot ("Order 3", "Opens in new tab"). */
    facts: (row: JsonRow) => string[];
  };
  /** Rows in one panel (the default), or cards two abreast with their actions at the foot (products). */
  layout?: "rows" | "cards";
  /** The list in groups by a field's value, each under its title, in this order (menu items by menu). */
  groups?: { field: string; titles: Record<string, string> };
}

/** The fields of a form, one after another. */
export function dialogFields(screen: DialogScreen): DialogField[] {
  return screen.fields.flatMap((entry) => ("name" in entry ? [entry] : [...entry]));
}
