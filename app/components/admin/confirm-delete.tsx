import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { RecordCancel, RecordTitle } from "./record-dialog";
import { dangerButtonClass } from "./styles";
import { FormAlert, SubmitButton } from "./fields";
import { useFormRefusal, type FormRefusalReply } from "./use-action-toast";

/**
 * A delete confirmation (a dialog with JavaScript, a page without): the question, what else to know (the
 * record goes to the trash...), Cancel (where focus starts, with JavaScript) and the action, named for what it
 * does ("Delete product").
 */
export function DeleteConfirmation({
  title,
  question,
  note,
  confirmText = "Delete",
  intent,
  reply,
}: {
  title: string;
  question: string;
  /** Said after the question, in its own paragraph (SPEC's question stays exactly as it is). */
  note?: string;
  confirmText?: string;
  /** Sent as the form's `intent` where one action does several things. */
  intent?: string;
  reply?: FormRefusalReply;
}) {
  const formError = useFormRefusal(reply);
  return (
    <div className="grid gap-4">
      <RecordTitle>{title}</RecordTitle>
      <p className="text-sm text-navy-800">{question}</p>
      {note ? <p className="text-sm text-navy-700">{note}</p> : null}
      <Form method="post" replace className="grid gap-4">
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        <FormAlert message={formError} />
        <div className="flex flex-wrap justify-end gap-2">
          <RecordCancel initialFocus />
          <SubmitButton pendingText="Deleting..." className={dangerButtonClass}>
            {confirmText}
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}

/**
 * A record's delete route (deleteRecordLoader and removeRecordAction): SPEC's question names the record
 * its loader read, as `Are you sure you want to delete the "Robo Pensions" product?`.
 */
export function RecordDeleteConfirmation({ title, noun }: { title: string; noun: string }) {
  const { name, note } = useLoaderData<{ name: string; note: string }>();
  return (
    <DeleteConfirmation
      title={title}
      question={`Are you sure you want to delete the "${name}" ${noun}?`}
      confirmText={`Delete ${noun}`}
      note={note}
      reply={useActionData<FormRefusalReply>()}
    />
  );
}
