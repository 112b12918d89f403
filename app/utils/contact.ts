import type { SubmissionResult } from "@conform-to/react";
import { CONTACT_LIMITS } from "~/schemas/contact-fields";
import type { ToastMessage } from "./toast";

/** SPEC 9: the dialog closes by itself this long after a message is sent. */
export const CONTACT_AUTO_CLOSE_MS = 2000;

/** SPEC 4: the thank-you panel. */
export const CONTACT_THANK_YOU = "Thank you! Your message has been sent successfully.";

/** SPEC 8: the contact toasts. */
export const CONTACT_SENT_TOAST: ToastMessage = {
  title: "Message sent",
  description: "Thank you for contacting us. We'll get back to you soon.",
};
export const CONTACT_FAILED_TOAST: ToastMessage = {
  title: "Error",
  description: "Failed to send message. Please try again.",
  variant: "destructive",
};

/** Said when the message could not be stored (the database is away or full): nothing was sent. */
export const CONTACT_NOT_STORED = "Your message was not sent: we could not store it just now. Please try again in a minute.";

/** What the contact action answers; "error" is the browser's own answer when the request failed. */
export interface ContactActionData {
  status: "success" | "invalid" | "rate_limited" | "unavailable" | "error";
  result?: SubmissionResult<string[]>;
}

/** A subject to prefill from a link (`/contact?subject=...`): any text that fits the field, else none. */
export function prefillSubject(value: string | null | undefined): string {
  const subject = value?.trim() ?? "";
  return subject.length <= CONTACT_LIMITS.subject ? subject : "";
}

/** The longest role title a contact link may carry (`/contact?role=...`). */
export const ROLE_PARAM_MAX = 120;

/**
 * A role title from a link (`/contact?role=...` or an Apply link's data attribute), as plain text:
 * control characters out, whitespace collapsed; longer than ROLE_PARAM_MAX, none at all.
 */
export function prefillRole(value: string | null | undefined): string {
  // eslint-disable-next-line no-control-regex
  const role = (value ?? "").replace(/[\u0000-\u001f\u007f-\u009f]/g, " ").replace(/\s+/g, " ").trim();
  return role.length <= ROLE_PARAM_MAX ? role : "";
}

/** The message an Apply link starts the contact form with. */
export function applicationMessage(role: string): string {
  return role ? `I would like to apply for the ${role} role.` : "";
}
