import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirmation } from "~/components/admin/confirm-delete";
import { getRedirect, deleteRedirect } from "~/models/redirects.server";
import { deleteConfirmationLoader, deleteRecordAction } from "~/server/forms/delete-route.server";

export const loader = (args: LoaderFunctionArgs) =>
  deleteConfirmationLoader(args, { read: getRedirect, name: (rule) => rule.from });

export const action = (args: ActionFunctionArgs) =>
  deleteRecordAction(args, {
    remove: deleteRedirect,
    listUrl: "/admin/redirects",
    trash: { collection: "redirects", label: async (id) => (await getRedirect(id))?.from ?? null },
    successMessage: "Redirect deleted successfully!",
    failureMessage: "Failed to delete redirect. Please try again.",
  });

export default function DeleteRedirect() {
  const { name, note } = useLoaderData<typeof loader>();
  return (
    <DeleteConfirmation
      title="Delete Redirect"
      question={`Are you sure you want to delete the redirect from "${name}"?`}
      note={note}
      confirmText="Delete redirect"
      reply={useActionData<typeof action>()}
    />
  );
}
