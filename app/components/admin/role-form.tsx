import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { EMPLOYMENT_TYPE_LABELS, EMPLOYMENT_TYPES, roleSchema, type RoleInput } from "~/schemas/role";
import type { AdminFormReply } from "./form-reply";
import { SelectField, TextareaField, TextField } from "./fields";
import { DateTimeField, MarkdownBodyField, PublicationButtons, PublishingForm, SlugField } from "./publication-fields";
import { useActionToast } from "./use-action-toast";

const EMPLOYMENT_OPTIONS = EMPLOYMENT_TYPES.map((type) => ({ value: type, label: EMPLOYMENT_TYPE_LABELS[type] }));

export interface RoleFormValues {
  title: string;
  slug: string;
  team: string;
  location: string;
  employmentType: string;
  summary: string;
  body: string;
  /** datetime-local values, London time; blank for none. */
  publishAt: string;
  closesAt: string;
  displayOrder: number;
}

export const ROLE_PUBLISH_AT_HINT = "London time. Leave blank to publish at once; a future time schedules the role.";
export const CLOSES_AT_HINT = "The role leaves the site by itself at this time.";

export function RoleForm({
  defaultValue,
  version,
  published,
  live,
  now,
  reply,
}: {
  defaultValue: RoleFormValues;
  /** Absent when creating. */
  version?: number;
  published: boolean;
  live: boolean;
  now: number;
  reply: AdminFormReply | undefined;
}) {
  useActionToast(reply?.toast);
  const [form, fields] = useForm<RoleInput>({
    id: "role",
    lastResult: reply?.result,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roleSchema, disableAutoCoercion: true }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <PublishingForm form={form} version={version} reply={reply}>
      <TextField meta={fields.title} label="Title" />
      <SlugField meta={fields.slug} />
      <div className="grid gap-x-3 sm:grid-cols-2">
        <TextField meta={fields.team} label="Team" />
        <TextField meta={fields.location} label="Location" />
      </div>
      <div className="grid gap-x-3 sm:grid-cols-2">
        <SelectField meta={fields.employmentType} label="Employment type" options={EMPLOYMENT_OPTIONS} />
        <TextField meta={fields.displayOrder} label="Display order" type="number" inputMode="numeric" />
      </div>
      <TextareaField meta={fields.summary} label="Summary" rows={3} />
      <MarkdownBodyField meta={fields.body} />
      <div className="grid gap-x-3 sm:grid-cols-2">
        <DateTimeField meta={fields.publishAt} label="Publish at" hint={ROLE_PUBLISH_AT_HINT} />
        <DateTimeField meta={fields.closesAt} label="Closes at" hint={CLOSES_AT_HINT} />
      </div>
      <PublicationButtons published={published} live={live} publishAt={fields.publishAt.value} now={now} />
    </PublishingForm>
  );
}
