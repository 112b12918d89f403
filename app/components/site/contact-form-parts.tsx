import type { FocusEvent, ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import type { ContactInput } from "~/schemas/contact";
import { CONTACT_FAILED_TOAST, CONTACT_THANK_YOU, type ContactActionData } from "~/utils/contact";
import { DonePanel, FIELD_INPUT_CLASS, FormErrorAlert, Honeypot, LabelledField } from "./form-fields";

/**
 * The contact form's markup, shared by the Conform form (the dialog, and /contact once used) and the
 * plain form /contact first renders (`PlainContactForm`, below): both must look and post the same, so
 * they are built from these.
 */

const CONTACT_ACTION = "/contact";

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
    <LabelledField id={field.id} label={label} errorId={field.errorId} errors={field.errors}>
      {children}
    </LabelledField>
  );
}

function TextField({ field, formId, label, type }: { field: ContactFieldView; formId: string; label: string; type: "text" | "email" }) {
  return (
    <Field field={field} label={label}>
      <input {...controlProps(field, formId)} type={type} autoComplete={AUTOCOMPLETE[field.name]} className={FIELD_INPUT_CLASS} />
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
        <textarea {...controlProps(message, formId)} rows={5} className={`${FIELD_INPUT_CLASS} resize-y`} />
      </Field>
      {/* One grid row with the buttons, so an empty message adds no second gap above them. */}
      <div>
        <FormErrorAlert id={formErrorId} text={formError} />
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

/**
 * The form's place on the page: the thank-you panel above it once sent, then the form (`children`, or
 * nothing where the panel replaces it). The form element's own attributes are CONTACT_FORM_ATTRIBUTES.
 */
export function ContactFormFrame({ sent, children }: { sent: boolean; children?: ReactNode }) {
  return (
    <div className="grid gap-4">
      {sent ? <DonePanel text={CONTACT_THANK_YOU} /> : null}
      {children}
    </div>
  );
}

/** What the form element posts with, whether a plain form or a fetcher's. */
export const CONTACT_FORM_ATTRIBUTES = { method: "post", action: CONTACT_ACTION, className: "grid gap-3" } as const;

/** The same markup as the Conform form renders for the same answer, without its hooks. */
export function PlainContactForm({
  id,
  defaultSubject,
  defaultMessage,
  nativeAnswer,
}: {
  id: string;
  defaultSubject: string;
  defaultMessage?: string;
  nativeAnswer?: ContactActionData;
}) {
  const result = nativeAnswer?.result;
  const values: Record<string, unknown> = result?.initialValue ?? { subject: defaultSubject, message: defaultMessage };
  const errors = result?.error ?? {};
  const field = (name: ContactFieldName): ContactFieldView => {
    const value = values[name];
    return {
      id: `${id}-${name}`,
      name,
      errorId: `${id}-${name}-error`,
      defaultValue: typeof value === "string" ? value : undefined,
      errors: errors[name] ?? undefined,
    };
  };
  return (
    <ContactFormFrame sent={nativeAnswer?.status === "success"}>
      <form {...CONTACT_FORM_ATTRIBUTES} id={id} noValidate>
        <ContactFormBody
          formId={id}
          field={field}
          formErrorId={`${id}-error`}
          answerStatus={nativeAnswer?.status}
          formErrors={errors[""]}
          pending={false}
        />
      </form>
    </ContactFormFrame>
  );
}
