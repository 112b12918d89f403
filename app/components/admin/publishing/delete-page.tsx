import { useActionData, useLoaderData } from "@remix-run/react";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { DeleteConfirmation } from "~/components/admin/confirm-delete";

/** "Delete Post" / "Delete Role": the question names the record, the note says it goes to the trash. */
export function PublicationDeletePage({ noun }: { noun: "Post" | "Role" }) {
  const { name, note } = useLoaderData<{ name: string; note: string }>();
  return (
    <DeleteConfirmation
      title={`Delete ${noun}`}
      question={`Are you sure you want to delete the ${noun.toLowerCase()} "${name}"? Visitors will no longer find it.`}
      note={note}
      confirmText={`Delete ${noun.toLowerCase()}`}
      reply={useActionData<AdminFormReply>()}
    />
  );
}
