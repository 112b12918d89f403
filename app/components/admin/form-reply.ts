import type { SubmissionResult } from "@conform-to/react";
import type { ToastMessage } from "~/utils/toast";

/** What an admin form's action answers when it does not redirect: Conform's reply, and which form it is for. */
export interface AdminFormReply {
  result: SubmissionResult<string[]>;
  /** The form's `intent` field, where one action serves several forms (the SEO tabs). */
  intent?: string;
  /** A notice to show with JavaScript on (without it, the form's own error says the same). */
  toast?: ToastMessage;
}
