import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormMessages } from "./fields";
import { panelClass } from "./styles";

/**
 * A decision on a financial promotion (approve, reject, withdraw) in its own panel: the heading, what it
 * does, then a form posting to the screen's own route with its `intent` (when the screen has more than
 * one), the form's messages, the fields and the submit button.
 */
export function DecisionForm<S extends Record<string, unknown>>({
  id,
  title,
  intro,
  form,
  intent,
  submit,
  children,
}: {
  /** The heading's id, which names the panel. */
  id: string;
  title: string;
  intro?: ReactNode;
  form: FormMetadata<S>;
  intent?: string;
  submit: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`${panelClass} p-4 sm:p-5`}>
      <h2 id={id} className="text-base font-semibold text-navy-950">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-navy-700">{intro}</p> : null}
      <Form method="post" replace {...getFormProps(form)} className="mt-3 grid gap-2">
        <FormMessages form={form} />
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        {children}
        <div className="flex justify-end">{submit}</div>
      </Form>
    </section>
  );
}
