import type { Crumb } from "~/utils/seo";
import type { ShownDiffRow, WordSegment } from "~/utils/line-diff";
import type { ToastMessage } from "~/utils/toast";

/** What the history screens show; the server's history loaders fill these in. */

/** What every history page knows about the record it is about. */
export interface HistoryRecordView {
  noun: string;
  label: string;
  editorUrl: string;
  historyUrl: string;
  currentVersion: number;
  /** From the section's list (or the settings screen) to this record's history. */
  crumbs: Crumb[];
}

export interface VersionSummary {
  version: number;
  url: string;
  who: string;
  at: string;
  when: string;
  /** Labels of the fields this version changed, in the editor's order. */
  changed: string[];
  note: string;
  current: boolean;
}

export interface FieldDifference {
  field: string;
  label: string;
  changed: boolean;
  /** The value before (null: there is no earlier version) and after, as text. */
  before: string | null;
  after: string;
  /** Long text compared line by line, edited lines word by word (null: short values are shown side by side). */
  lines: ShownDiffRow[] | null;
  /** A short value changed: its words removed and added (null: unchanged, or too different to say word by word). */
  words: WordSegment[] | null;
}

export interface VersionDifferenceView extends Omit<VersionSummary, "url"> {
  previousVersion: number | null;
  /** Changed fields first, then the rest, each in the editor's order. */
  fields: FieldDifference[];
  restoreUrl: string | null;
}

export interface RestoreProblem {
  kind: "conflict" | "invalid" | "failed" | "form";
  message: string;
  /** The record's version now (conflict): confirming again restores over it. */
  currentVersion?: number;
  toast?: ToastMessage;
}
