import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirmation } from "~/components/admin/confirm-delete";
import { getRole, deleteRole } from "~/models/roles.server";
import { deleteConfirmationLoader, deleteRecordAction } from "~/server/forms/delete-route.server";

export const loader = (args: LoaderFunctionArgs) => deleteConfirmationLoader(args, { read: getRole, name: (role) => role.title });

export const action = (args: ActionFunctionArgs) =>
  deleteRecordAction(args, {
    remove: deleteRole,
    listUrl: "/admin/careers",
    successMessage: "Role deleted successfully!",
    failureMessage: "Failed to delete role. Please try again.",
  });

export default function DeleteRole() {
  const { name, note } = useLoaderData<typeof loader>();
  return (
    <DeleteConfirmation
      title="Delete Role"
      question={`Are you sure you want to delete the role "${name}"? Visitors will no longer find it.`}
      note={note}
      reply={useActionData<typeof action>()}
    />
  );
}
