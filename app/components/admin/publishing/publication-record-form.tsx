import { useForm, type DefaultValue, type FormMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { z } from "zod";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { PublicationButtons, PublishingForm } from "~/components/admin/publication-fields";
import { useActionToast } from "~/components/admin/use-action-toast";

type FormInput = Record<string, unknown> & { publishAt?: unknown };

export type PublicationFields<TInput extends FormInput> = ReturnType<FormMetadata<TInput>["getFieldset"]>;

/** What the new and edit screens tell a post's or a role's form. */
export interface PublicationFormProps {
  /** Absent when creating. */
  version?: number;
  published: boolean;
  live: boolean;
  now: number;
  reply: AdminFormReply | undefined;
}

/**
 * A post's or a role's form: validated by the collection's schema as the operator types, its messages at
 * the top, the collection's own fields (`children`), then Save draft and Publish / Schedule / Unpublish.
 */
export function PublicationRecordForm<TValue extends FormInput>({
  id,
  schema,
  defaultValue,
  version,
  published,
  live,
  now,
  reply,
  children,
}: PublicationFormProps & {
  /** The form's id, which names its fields' ids. */
  id: string;
  schema: z.ZodType<TValue>;
  defaultValue: DefaultValue<TValue>;
  children: (fields: PublicationFields<TValue>) => ReactNode;
}) {
  useActionToast(reply?.toast);
  const [form, fields] = useForm<TValue>({
    id,
    lastResult: reply?.result,
    defaultValue,
    // Preview and the cover's upload save nothing: the form goes as it is, checked only when it is saved.
    onValidate: ({ formData, submitter }) =>
      parseWithZod(formData, { schema: submitter?.hasAttribute("formnovalidate") ? z.any() : schema, disableAutoCoercion: true }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <PublishingForm form={form} version={version} reply={reply}>
      {children(fields)}
      <PublicationButtons published={published} live={live} publishAt={fields.publishAt.value} now={now} />
    </PublishingForm>
  );
}
