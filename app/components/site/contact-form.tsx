import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  parse,
  useForm,
  type FieldMetadata,
} from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { CheckIcon } from "~/components/ui/icons";
import { toast } from "~/components/ui/toast";
import type { ContactInput } from "~/schemas/contact";
import { HONEYPOT_FIELD } from "~/schemas/contact-fields";
import {
  CONTACT_FAILED_TOAST,
  CONTACT_SENT_TOAST,
  CONTACT_THANK_YOU,
  type ContactActionData,
} from "~/utils/contact";

export const CONTACT_ACTION = "/contact";

interface ContactFormProps {
  /** The form's id; also the prefix of its fields' ids. */
  id: string;
  defaultSubject: string;
  /** The answer to a native post (JavaScript off), rendered by the contact page. */
  nativeAnswer?: ContactActionData;
  /** Called once per message sent. */
  onSuccess?: () => void;
  /** The dialog's Cancel button. */
  cancel?: ReactNode;
  /** The dialog shows only the thank-you panel once sent; the page keeps a fresh form under it. */
  hideFormWhenSent?: boolean;
}

/**
 * The contact form of the dialog and of /contact. It posts to the contact action: with JavaScript
 * through a fetcher (Conform validates first with the same schema), without it natively.
 */
export function ContactForm({ id, defaultSubject, nativeAnswer, onSuccess, cancel, hideFormWhenSent }: ContactFormProps) {
  const fetcher = useFetcher<ContactActionData>();
  const answer = fetcher.data ?? nativeAnswer;
  const pending = fetcher.state !== "idle";
  const sent = answer?.status === "success";

  // The schema (and Zod with it) loads when a visitor first focuses the form, not with the page. Until it
  // arrives the form accepts what it has, and the server, which validates every post, answers.
  const [validate, setValidate] = useState<typeof import("./contact-validation").validateContact>();
  const loadValidation = useCallback(() => {
    if (validate) return;
    void import("./contact-validation").then((module) => setValidate(() => module.validateContact));
  }, [validate]);

  const [form, fields] = useForm<ContactInput>({
    id,
    lastResult: answer?.result,
    defaultValue: { subject: defaultSubject },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      validate ? validate(formData) : parse(formData, { resolve: (value) => ({ value: value as ContactInput }) }),
  });

  const handled = useRef<ContactActionData | undefined>(undefined);
  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || handled.current === data) return;
    handled.current = data;
    if (data.status === "success") {
      toast(CONTACT_SENT_TOAST);
      onSuccess?.();
    } else {
      toast(CONTACT_FAILED_TOAST);
    }
  }, [fetcher.state, fetcher.data, onSuccess]);

  const formError =
    answer?.status === "error" ? CONTACT_FAILED_TOAST.description : (form.errors?.join(" ") ?? undefined);

  return (
    <div className="grid gap-4">
      {sent ? (
        <div role="status" className="flex items-start gap-3 rounded-md border border-accent-600 bg-accent-50 p-4 text-accent-900">
          <CheckIcon className="mt-0.5 size-5 shrink-0" />
          <p className="font-medium">{CONTACT_THANK_YOU}</p>
        </div>
      ) : null}
      {sent && hideFormWhenSent ? null : (
        <fetcher.Form
          method="post"
          action={CONTACT_ACTION}
          className="grid gap-3"
          onFocusCapture={loadValidation}
          onPointerEnter={loadValidation}
          {...getFormProps(form)}
        >
          <Honeypot formId={id} />
          <div className="grid gap-3 sm:grid-cols-2">
            <Field field={fields.name} label="Name">
              <TextInput field={fields.name} type="text" autoComplete="name" />
            </Field>
            <Field field={fields.email} label="Email">
              <TextInput field={fields.email} type="email" autoComplete="email" />
            </Field>
          </div>
          <Field field={fields.subject} label="Subject">
            <TextInput field={fields.subject} type="text" autoComplete="off" />
          </Field>
          <Field field={fields.message} label="Message">
            <MessageInput field={fields.message} />
          </Field>
          <p id={form.errorId} role="alert" className="min-h-5 text-sm font-medium text-red-700 empty:min-h-0">
            {formError}
          </p>
          <div className="flex flex-wrap justify-end gap-3">
            {cancel}
            <button type="submit" disabled={pending} className={buttonClass("primary", "md", "min-w-36 disabled:opacity-70")}>
              {pending ? "Sending..." : "Send Message"}
            </button>
          </div>
        </fetcher.Form>
      )}
    </div>
  );
}

const INPUT_CLASS =
  "block w-full rounded-md border border-navy-300 bg-white px-3 py-2 text-base text-navy-900 shadow-xs placeholder:text-navy-500 focus:border-accent-600 aria-[invalid=true]:border-red-700";

function Field({ field, label, children }: { field: FieldMetadata<string>; label: string; children: ReactNode }) {
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

function TextInput({ field, type, autoComplete }: { field: FieldMetadata<string>; type: "text" | "email"; autoComplete: string }) {
  const { key, ...props } = getInputProps(field, { type });
  return <input key={key} {...props} autoComplete={autoComplete} className={INPUT_CLASS} />;
}

function MessageInput({ field }: { field: FieldMetadata<string> }) {
  const { key, ...props } = getTextareaProps(field);
  return <textarea key={key} {...props} rows={5} className={`${INPUT_CLASS} resize-y`} />;
}

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
