import type { FocusEvent, ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { CheckIcon } from "~/components/ui/icons";
import type { ContactInput } from "~/schemas/contact";
import { HONEYPOT_FIELD } from "~/schemas/contact-fields";
import { CONTACT_FAILED_TOAST, CONTACT_THANK_YOU, type ContactActionData } from "~/utils/contact";

/**
 * The contact form's markup, shared by the Conform form (the dialog, and /contact once used) and the
 * plain form /contact first renders: both must look and post the same, so they are built from these.
 */

export const CONTACT_ACTION = "/contact";

export type ContactFieldName = keyof ContactInput;

export const CONTACT_FIELD_NAMES: readonly ContactFieldName[] = ["name", "email", "subject", "message"];

/** What a field needs to render: its ids, its value to start from and its errors. */
export interface ContactFieldView {
  id: string;
  name: ContactFieldName;
  errorId: string;
  defaultValue?: string;
  errors?: string[];
  /** The Conform form checks a field when it is left having been changed (not merely passed through). */
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

const INPUT_CLASS =
  "block w-full rounded-md border border-navy-300 bg-white px-3 py-2 text-base text-navy-900 shadow-xs placeholder:text-navy-500 focus:border-accent-600 aria-[invalid=true]:border-red-700";

const AUTOCOMPLETE: Record<ContactFieldName, string> = { name: "name", email: "email", subject: "off", message: "off" };

function controlProps(field: ContactFieldView, formId: string) {
  const invalid = field.errors !== undefined;
  return {
    id: field.id,
    name: field.name,
    form: formId,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? field.errorId : undefined,
    // Always a string: React leaves a stale value attribute behind when defaultValue becomes undefined.
    defaultValue: field.defaultValue ?? "",
    onBlur: field.onBlur,
  };
}

function Field({ field, label, children }: { field: ContactFieldView; label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={field.id} className="text-sm font-medium text-navy-900">
        {label}
      </label>
      {children}
      <p id={field.errorId} className="min-h-5 text-sm text-red-700">
        {field.errors?.join(" ")}
      </p>
    </div>
  );
}

function TextField({ field, formId, label, type }: { field: ContactFieldView; formId: string; label: string; type: "text" | "email" }) {
  return (
    <Field field={field} label={label}>
      <input {...controlProps(field, formId)} type={type} autoComplete={AUTOCOMPLETE[field.name]} className={INPUT_CLASS} />
    </Field>
  );
}

/**
 * The inside of the form: honeypot, the four fields, the form-level message and the buttons. The
 * form-level message is the failed-request text when the request itself failed, else the form's errors.
 */
export function ContactFormBody({
  formId,
  field,
  formErrorId,
  answerStatus,
  formErrors,
  pending,
  cancel,
}: {
  formId: string;
  field: (name: ContactFieldName) => ContactFieldView;
  formErrorId: string;
  answerStatus?: ContactActionData["status"];
  formErrors?: string[] | null;
  pending: boolean;
  cancel?: ReactNode;
}) {
  const formError = answerStatus === "error" ? CONTACT_FAILED_TOAST.description : formErrors?.join(" ");
  const message = field("message");
  return (
    <>
      <Honeypot formId={formId} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField field={field("name")} formId={formId} label="Name" type="text" />
        <TextField field={field("email")} formId={formId} label="Email" type="email" />
      </div>
      <TextField field={field("subject")} formId={formId} label="Subject" type="text" />
      <Field field={message} label="Message">
        <textarea {...controlProps(message, formId)} rows={5} className={`${INPUT_CLASS} resize-y`} />
      </Field>
      {/* One grid row with the buttons, so an empty message adds no second gap above them. */}
      <div>
        <p id={formErrorId} role="alert" className="text-sm font-medium text-red-700 [&:not(:empty)]:mb-3">
          {formError}
        </p>
        <div className="flex flex-wrap justify-end gap-3">
          {cancel}
          <button type="submit" disabled={pending} className={buttonClass("primary", "md", "min-w-36 disabled:opacity-70")}>
            {pending ? "Sending..." : "Send Message"}
          </button>
        </div>
      </div>
    </>
  );
}

export function ThankYouPanel() {
  return (
    <div role="status" className="flex items-start gap-3 rounded-md border border-accent-600 bg-accent-50 p-4 text-accent-900">
      <CheckIcon className="mt-0.5 size-5 shrink-0" />
      <p className="font-medium">{CONTACT_THANK_YOU}</p>
    </div>
  );
}

export const FORM_CLASS = "grid gap-3";

/** People never see or reach this field; bots that fill every input do, and their message is dropped. */
function Honeypot({ formId }: { formId: string }) {
  const inputId = `${formId}-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={inputId}>Website</label>
      <input id={inputId} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
