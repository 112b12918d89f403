import type { SubmissionResult } from "@conform-to/react";
import type { ToastMessage } from "~/utils/toast";

/** What an admin form's action answers when it does not redirect: Conform's reply, and which form it is for. */
export interface AdminFormReply {
  result: SubmissionResult<string[]>;
  /** The form's `intent` field, where one action serves several forms (the SEO tabs). */
  intent?: string;
  /** A notice to show with JavaScript on (without it, the form's own error says the same). */
  toast?: ToastMessage;
  /** A refused stale save (409): the operator's values beside the record's, to choose between. */
  merge?: StaleSaveMerge;
}

/** Which value a field of a refused stale save takes when it is saved again. */
export type MergeChoice = "mine" | "current";

/** A refused stale save: the version to save over now, and each field whose two values differ. */
export interface StaleSaveMerge {
  version: number;
  fields: StaleSaveField[];
}

export interface StaleSaveField {
  /** The form field's name. */
  name: string;
  label: string;
  /** As the form holds them: what the operator sent, what the record holds now. */
  mine: string;
  current: string;
  /** Changed in the operator's copy and in the record since the version the form was loaded with. */
  bothChanged: boolean;
  /** Keep the operator's value, unless only the other person changed the field. */
  defaultChoice: MergeChoice;
  /** What a select's codes or a checkbox's states read as ("coming_soon" → "Coming soon", "on" → "Yes"). */
  valueLabels?: Record<string, string>;
}

/** The radio group of one field in the merge panel: `merge.<field>`, "mine" or "current". */
export const MERGE_CHOICE_PREFIX = "merge.";

export function mergeChoiceName(field: string): string {
  return `${MERGE_CHOICE_PREFIX}${field}`;
}

/**
 * The version a form posts: after a refused stale save the version the merge was made against (so saving
 * the merge is not refused again); after any other refusal the version it was posted with (a page rendered
 * without JavaScript reads the record afresh, and must not quietly save over a change made meanwhile);
 * otherwise the version it was loaded with.
 */
export function versionToPost(reply: AdminFormReply | undefined, loaded: number | undefined): number | undefined {
  if (loaded === undefined) return undefined;
  if (reply?.merge) return reply.merge.version;
  const posted = (reply?.result.initialValue as Record<string, unknown> | undefined)?.version;
  return typeof posted === "string" && /^\d{1,10}$/.test(posted) ? Number(posted) : loaded;
}
