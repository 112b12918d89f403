import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { dialogFormId, dialogScreenAt } from "~/collections";
import { DialogForm } from "~/components/admin/dialogs/dialog-form";
import { createRecordAction, newRecordLoader } from "~/server/admin/record-routes.server";

export const loader = newRecordLoader;

export const action = createRecordAction;

export default function NewRecord() {
  const { section } = useParams();
  const { displayOrder } = useLoaderData<typeof loader>();
  const screen = dialogScreenAt(section)!;
  return (
    <DialogForm
      screen={screen}
      formId={dialogFormId(section)}
      mode="create"
      defaultValue={{ ...screen.newValues, displayOrder }}
      reply={useActionData<typeof action>()}
    />
  );
}
