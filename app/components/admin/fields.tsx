import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { useFormAction, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import type { StaleSaveMerge } from "./form-reply";
import { StaleSaveMergePanel } from "./stale-save-merge";
import { checkboxClass, errorClass, hintClass, inputClass, labelClass, primaryButton } from "./styles";

/**
 * Form fields of the admin: the label above the control, an optional hint, and the field's messages right
 * under it, tied to the control with aria-invalid and aria-describedby. Space for one line of message is
 * kept, so a message appearing does not move what is below it.
 */

interface FieldProps<S> {
  meta: FieldMetadata<S>;
  label: string;
  hint?: string;
}

/** Where a field's parts are: its control's id, its messages' id, and the messages (a Conform field, or a plain one). */
export type FieldPlace = Pick<FieldMetadata<unknown>, "id" | "errorId" | "errors">;

/** The id of a field's hint, for its control's aria-describedby (none without a hint). */
export function hintId(meta: FieldPlace, hint?: string) {
  return hint ? `${meta.id}-hint` : undefined;
}

function FieldMessages({ meta, messages }: { meta: FieldPlace; messages?: string[] }) {
  return (
    <p id={meta.errorId} className={`${errorClass} min-h-4`}>
      {(messages ?? meta.errors)?.join(" ")}
    </p>
  );
}

function Hint({ id, text }: { id?: string; text?: string }) {
  return text ? (
    <p id={id} className={hintClass}>
      {text}
    </p>
  ) : null;
}

/** A field's frame: the label above its control, the hint, and the field's messages (or `messages`). */
export function LabelledField({
  meta,
  label,
  hint,
  messages,
  className = "grid gap-1",
  children,
}: {
  meta: FieldPlace;
  label: string;
  hint?: string;
  messages?: string[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={meta.id} className={labelClass}>
        {label}
      </label>
      {children}
      <Hint id={hintId(meta, hint)} text={hint} />
      <FieldMessages meta={meta} messages={messages} />
    </div>
  );
}

export function TextField<S>({
  meta,
  label,
  hint,
  type = "text",
  placeholder,
  inputMode,
  autoComplete = "off",
}: FieldProps<S> & {
  type?: "text" | "url" | "email" | "number";
  placeholder?: string;
  inputMode?: "numeric" | "url" | "email" | "text";
  autoComplete?: string;
}) {
  return (
    <LabelledField meta={meta} label={label} hint={hint}>
      <input
        {...getInputProps(meta, { type, ariaDescribedBy: hintId(meta, hint) })}
        className={inputClass}
        placeholder={placeholder}
        inputMode={inputMode}
        autoComplete={autoComplete}
      />
    </LabelledField>
  );
}

export function TextareaField<S>({
  meta,
  label,
  hint,
  rows = 3,
  placeholder,
  messages,
  counted = false,
}: FieldProps<S> & {
  rows?: number;
  placeholder?: string;
  /** Messages to show instead of the field's own (a list entered one per line has one per line). */
  messages?: string[];
  /** Shows how many characters it holds, as the operator types (the saved count without JavaScript). */
  counted?: boolean;
}) {
  const initial = typeof meta.initialValue === "string" ? meta.initialValue.length : 0;
  const [count, setCount] = useState(initial);
  return (
    <LabelledField meta={meta} label={label} hint={hint} messages={messages}>
      <textarea
        {...getTextareaProps(meta, {
          ariaDescribedBy: hintId(meta, hint),
          ariaInvalid: messages ? "allErrors" : "errors",
        })}
        className={inputClass}
        rows={rows}
        placeholder={placeholder}
        onInput={counted ? (event) => setCount(event.currentTarget.value.length) : undefined}
      />
      {counted ? (
        <p className={`${hintClass} tabular-nums`}>
          {count} {count === 1 ? "character" : "characters"}
        </p>
      ) : null}
    </LabelledField>
  );
}

export function SelectField<S>({
  meta,
  label,
  hint,
  options,
}: FieldProps<S> & { options: readonly { value: string; label: string }[] }) {
  return (
    <LabelledField meta={meta} label={label} hint={hint}>
      {/* Every option is a choice (there is no empty one), so the select always has a value: `required`
          would only make it invalid HTML (a required select needs an empty placeholder option). */}
      <select
        {...getSelectProps(meta, { ariaDescribedBy: hintId(meta, hint) })}
        required={false}
        className={inputClass}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

/**
 * A checkbox. `stated`: an unticked box still says so (a hidden "off" before it; see statedCheckbox in
 * app/schemas/fields.ts), for a field whose absence means "use the default".
 */
export function CheckboxField<S>({
  meta,
  label,
  hint,
  stated = false,
}: FieldProps<S> & { stated?: boolean }) {
  const described = hintId(meta, hint);
  const initial = meta.initialValue as unknown;
  const last = Array.isArray(initial) ? initial[initial.length - 1] : initial;
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        {stated ? <input type="hidden" name={meta.name} value="off" /> : null}
        <input
          {...getInputProps(meta, { type: "checkbox", ariaDescribedBy: described })}
          {...(stated ? { defaultChecked: last === "on" || last === true } : {})}
          className={checkboxClass}
        />
        <label htmlFor={meta.id} className={labelClass}>
          {label}
        </label>
      </div>
      <Hint id={described} text={hint} />
      {meta.errors ? <FieldMessages meta={meta} /> : null}
    </div>
  );
}

/**
 * The form's own messages (a stale save, a rate limit, a failure): at the top, announced at once. A refused
 * stale save's merge panel follows its message.
 */
export function FormMessages<S extends Record<string, unknown>>({
  form,
  merge,
}: {
  form: FormMetadata<S>;
  merge?: StaleSaveMerge;
}) {
  return (
    <>
      {/* Focusable from script only: the merge panel moves focus here. */}
      <FormAlert id={form.errorId} message={form.errors?.join(" ")} focusable />
      <StaleSaveMergePanel merge={merge} messageId={form.errorId} />
    </>
  );
}

/**
 * Where a form's own failure (a refusal, a rate limit) is announced at once: an alert region, present when
 * there is none so that screen readers hear the message when it appears.
 */
export function FormAlert({
  id,
  message,
  focusable,
}: {
  id?: string;
  message?: string | null;
  focusable?: boolean;
}) {
  return (
    <div id={id} role="alert" tabIndex={focusable ? -1 : undefined}>
      {message ? (
        <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium break-words text-red-800">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** True while a form of this route is being submitted (optionally only the one with this `intent`). */
export function useIsSubmitting(intent?: string): boolean {
  const navigation = useNavigation();
  const action = useFormAction();
  if (navigation.state !== "submitting" || !navigation.formAction) return false;
  const path = (url: string) => new URL(url, "http://localhost").pathname;
  if (path(navigation.formAction) !== path(action)) return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}

/** A submit button that reads `pendingText` ("Saving...") while its form is being submitted. */
export function SubmitButton({
  children,
  pendingText = "Saving...",
  intent,
  className = primaryButton,
}: {
  children: ReactNode;
  pendingText?: string;
  intent?: string;
  className?: string;
}) {
  const pending = useIsSubmitting(intent);
  return (
    <button type="submit" className={className} disabled={pending}>
      {pending ? pendingText : children}
    </button>
  );
}
