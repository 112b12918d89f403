import { getFormProps, parse, useForm, type FieldMetadata } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { toast } from "~/components/ui/toast";
import type { ContactInput } from "~/schemas/contact";
import { CONTACT_FAILED_TOAST, CONTACT_SENT_TOAST, type ContactActionData } from "~/utils/contact";
import {
  CONTACT_FORM_ATTRIBUTES,
  ContactFormBody,
  ContactFormFrame,
  type ContactFieldName,
  type ContactFieldView,
} from "./contact-form-parts";

interface ContactFormProps {
  /** The form's id; also the prefix of its fields' ids. */
  id: string;
  defaultSubject: string;
  /** The message to start with (an Apply link's); empty when absent. */
  defaultMessage?: string;
  /** The answer to a native post (JavaScript off), rendered by the contact page. */
  nativeAnswer?: ContactActionData;
  /** Called once per message sent. */
  onSuccess?: () => void;
  /** The dialog's Cancel button. */
  cancel?: ReactNode;
  /** The dialog shows only the thank-you panel once sent; the page keeps a fresh form under it. */
  hideFormWhenSent?: boolean;
  /** What the visitor had already typed into the plain form this one replaces (see contact-page-form). */
  typedValues?: Partial<Record<ContactFieldName, string>>;
}

/**
 * The contact form of the dialog and of /contact. It posts to the contact action: with JavaScript
 * through a fetcher (Conform validates first with the same schema), without it natively.
 */
export function ContactForm({ id, defaultSubject, defaultMessage = "", nativeAnswer, onSuccess, cancel, hideFormWhenSent, typedValues }: ContactFormProps) {
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

  // The form starts from what was typed into the form it replaces (the visitor may have edited the native
  // answer's values since); a reset still goes back to the default subject. Conform re-applies a result
  // whenever its identity changes, hence the memo.
  const startingResult = useMemo(
    () => (typedValues ? { ...nativeAnswer?.result, initialValue: typedValues } : nativeAnswer?.result),
    [nativeAnswer, typedValues],
  );
  const [form, fields] = useForm<ContactInput>({
    id,
    lastResult: fetcher.data?.result ?? startingResult,
    defaultValue: defaultMessage ? { subject: defaultSubject, message: defaultMessage } : { subject: defaultSubject },
    // A field is checked once the form is first sent, or when it is left having been changed: leaving an
    // empty field untouched says nothing yet. After its first check, it is checked as it is typed in.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      validate ? validate(formData) : parse(formData, { resolve: (value) => ({ value: value as ContactInput }) }),
  });

  // A field left changed before the schema arrived was checked by the stand-in, which finds nothing; it is
  // checked again once the schema is here, so a slow connection does not swallow the message.
  const leftChanged = useRef(new Set<ContactFieldName>());
  const latestForm = useRef(form);
  useEffect(() => {
    latestForm.current = form;
  });
  useEffect(() => {
    if (!validate) return;
    for (const name of leftChanged.current) latestForm.current.validate({ name });
  }, [validate]);
  const checkLeftField = (name: ContactFieldName) => {
    leftChanged.current.add(name);
    form.validate({ name });
  };

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

  return (
    <ContactFormFrame sent={sent}>
      {sent && hideFormWhenSent ? null : (
        <fetcher.Form
          {...CONTACT_FORM_ATTRIBUTES}
          onFocusCapture={loadValidation}
          onPointerEnter={loadValidation}
          {...getFormProps(form)}
        >
          <ContactFormBody
            formId={id}
            field={(name) => view(name, fields[name], checkLeftField)}
            formErrorId={form.errorId}
            answerStatus={answer?.status}
            formErrors={form.errors}
            pending={pending}
            cancel={cancel}
          />
        </fetcher.Form>
      )}
    </ContactFormFrame>
  );
}

function view(name: ContactFieldName, field: FieldMetadata<string>, validate: (name: ContactFieldName) => void): ContactFieldView {
  const initial = typeof field.initialValue === "string" ? field.initialValue : undefined;
  return {
    id: field.id,
    name,
    errorId: field.errorId,
    defaultValue: initial,
    errors: field.errors,
    onBlur: (event) => {
      if (event.currentTarget.value !== (initial ?? "")) validate(name);
    },
  };
}
