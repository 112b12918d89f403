import type { ReactNode } from "react";
import type { FieldMetadata } from "@conform-to/react";
import type { DialogField, DialogScreen, JsonRow } from "~/collections/dialogs";
import { CheckboxField, SelectField, TextareaField, TextField } from "~/components/admin/fields";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { RecordForm, recordFormLabels } from "~/components/admin/record-form";
import { useAdminForm } from "~/components/admin/use-admin-form";

function Control({ field, meta }: { field: DialogField; meta: FieldMetadata<unknown> }) {
  const { label, hint, placeholder } = field;
  switch (field.kind) {
    case "textarea":
      return (
        <TextareaField meta={meta} label={label} hint={hint} rows={field.rows} placeholder={placeholder} />
      );
    case "select":
      return <SelectField meta={meta} label={label} hint={hint} options={field.options ?? []} />;
    case "checkbox":
      return <CheckboxField meta={meta} label={label} hint={hint} />;
    default:
      return (
        <TextField
          meta={meta}
          label={label}
          hint={hint}
          placeholder={placeholder}
          type={field.kind === "number" ? "number" : "text"}
          inputMode={field.inputMode}
        />
      );
  }
}

/** A dialog collection's create or edit form, its controls as its declaration lists them. */
export function DialogForm({
  screen,
  formId,
  mode,
  defaultValue,
  version,
  reply,
  notice,
}: {
  screen: DialogScreen;
  formId: string;
  mode: "create" | "edit";
  defaultValue: JsonRow;
  version?: number;
  reply: AdminFormReply | undefined;
  /** Shown above the fields (a change waiting for approval). */
  notice?: ReactNode;
}) {
  const [form, fields] = useAdminForm<Record<string, unknown>>({
    id: formId,
    schema: screen.schema,
    reply,
    // Conform types default values as form text; a record's numbers and booleans fill their controls as well.
    defaultValue: defaultValue as Record<string, string>,
  });
  const control = (field: DialogField) => (
    <Control key={field.name} field={field} meta={fields[field.name] as FieldMetadata<unknown>} />
  );
  return (
    <RecordForm {...recordFormLabels(screen.formNoun, mode)} form={form} version={version} reply={reply}>
      {notice}
      {screen.fields.map((entry) =>
        "name" in entry ? (
          control(entry)
        ) : (
          <div key={entry.map((field) => field.name).join("-")} className="grid gap-x-3 sm:grid-cols-2">
            {entry.map(control)}
          </div>
        ),
      )}
    </RecordForm>
  );
}
