import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormMessages, SubmitButton } from "./fields";
import { versionToPost, type AdminFormReply } from "./form-reply";
import { RecordCancel, RecordTitle } from "./record-dialog";

/** What a collection's create and edit form takes: the loader's values, the version it saves over, the action's answer. */
export interface RecordFormProps<TValues> {
  mode: "create" | "edit";
  defaultValue: TValues;
  /** Absent when creating. */
  version?: number;
  reply: AdminFormReply | undefined;
}

/** SPEC's dialog title and submit button for a record: "Add New Menu Item" / "Add Menu Item", "Edit Menu Item" / "Update Menu Item". */
export function recordFormLabels(
  noun: string,
  mode: "create" | "edit",
): { title: string; submitLabel: string } {
  return mode === "create"
    ? { title: `Add New ${noun}`, submitLabel: `Add ${noun}` }
    : { title: `Edit ${noun}`, submitLabel: `Update ${noun}` };
}

/**
 * The frame of a create or edit dialog: its title, the form (posting to its own route), the form's own
 * messages at the top (and a refused stale save's merge), the version it saves over, then Cancel and the
 * submit button.
 */
export function RecordForm<S extends Record<string, unknown>>({
  title,
  submitLabel,
  form,
  version,
  reply,
  children,
}: {
  title: string;
  submitLabel: string;
  form: FormMetadata<S>;
  /** Absent when creating. */
  version?: number;
  /** The action's last answer: a refused stale save's merge and the version to save over. */
  reply?: AdminFormReply;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-4">
      <RecordTitle>{title}</RecordTitle>
      <Form method="post" replace {...getFormProps(form)} className="grid gap-2">
        <FormMessages form={form} merge={reply?.merge} />
        {version === undefined ? null : (
          <input type="hidden" name="version" value={versionToPost(reply, version)} />
        )}
        {children}
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <RecordCancel />
          <SubmitButton>{submitLabel}</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
