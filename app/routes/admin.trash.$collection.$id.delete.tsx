import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirmation } from "~/components/admin/confirm-delete";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { deleteFromTrashAction, deleteFromTrashConfirmation } from "~/server/history/trash-actions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return data(await deleteFromTrashConfirmation(request, params), { headers: ADMIN_CACHE_HEADERS });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return deleteFromTrashAction(request, context, params);
}

export default function DeleteFromTrash() {
  const { label, along } = useLoaderData<typeof loader>();
  return (
    <DeleteConfirmation
      title="Delete Permanently"
      question={`Delete “${label}” permanently? This can't be undone.`}
      note={along || undefined}
      confirmText="Delete permanently"
      reply={useActionData<typeof action>()}
    />
  );
}
