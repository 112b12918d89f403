import type { ReactNode } from "react";
import { CheckIcon } from "~/components/ui/icons";
import { HONEYPOT_FIELD } from "~/schemas/contact-fields";

/**
 * The pieces the site's public forms (contact, waitlist) are built from, so that they look and behave
 * alike: the input style, a labelled field with its error line, the honeypot, the form-level alert and the
 * panel that says a step is done.
 */

export const FIELD_INPUT_CLASS =
  "block w-full rounded-md border border-navy-300 bg-white px-3 py-2 text-base text-navy-900 shadow-xs placeholder:text-navy-500 focus:border-accent-600 aria-[invalid=true]:border-red-700";

/** A field's errors, under it; the line is always there so the form does not move when one appears. */
export function FieldError({ id, errors }: { id: string; errors?: readonly string[] | null }) {
  return (
    <p id={id} className="min-h-5 text-sm text-red-700">
      {errors?.join(" ")}
    </p>
  );
}

/** A control (`children`) with its label above and its error line below. */
export function LabelledField({
  id,
  label,
  errorId,
  errors,
  children,
}: {
  /** The control's id, which the label points at. */
  id: string;
  label: ReactNode;
  errorId: string;
  errors?: readonly string[] | null;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-navy-900">
        {label}
      </label>
      {children}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/** People never see or reach this field; bots that fill every input do, and their post is dropped. */
export function Honeypot({ formId }: { formId: string }) {
  const inputId = `${formId}-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={inputId}>Website</label>
      <input
        id={inputId}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

/** The form-level message above the submit button (empty, and taking no room, when there is none). */
export function FormErrorAlert({ id, text }: { id: string; text?: string }) {
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-700 [&:not(:empty)]:mb-3">
      {text}
    </p>
  );
}

/** A step done (a message or request sent, an address confirmed, unsubscribed): its text, with a tick. */
export function DonePanel({ text }: { text: string }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-md border border-accent-600 bg-accent-50 p-4 text-accent-900"
    >
      <CheckIcon className="mt-0.5 size-5 shrink-0" />
      <p className="font-medium">{text}</p>
    </div>
  );
}
