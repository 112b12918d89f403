import { Form } from "@remix-run/react";
import type { UndoDelete } from "~/utils/toast";

/** A toast's Undo: a form that restores the record from the trash (it posts natively without JavaScript). */
export function UndoDeleteForm({ undo }: { undo: UndoDelete }) {
  return (
    <Form method="post" action="/admin/trash" className="mt-2">
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="collection" value={undo.collection} />
      <input type="hidden" name="id" value={undo.id} />
      <input type="hidden" name="returnTo" value={undo.returnTo} />
      <button
        type="submit"
        className="rounded-md border border-navy-300 bg-white px-3 py-1 text-sm font-semibold text-navy-900 hover:bg-navy-50"
      >
        Undo<span className="sr-only"> the delete of {undo.label}</span>
      </button>
    </Form>
  );
}
