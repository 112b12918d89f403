import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirmation } from "~/components/admin/confirm-delete";
import { countMenuDescendants, getMenuItem, deleteMenuItem } from "~/models/menu-items.server";
import { deleteConfirmationLoader, deleteRecordAction } from "~/server/forms/delete-route.server";

export const loader = (args: LoaderFunctionArgs) => deleteConfirmationLoader(args, { read: getMenuItem, name: (item) => item.label, along: (item) => countMenuDescendants(item.id) });

export const action = (args: ActionFunctionArgs) =>
  deleteRecordAction(args, {
    remove: deleteMenuItem,
    listUrl: "/admin/menus",
    successMessage: "Menu item deleted successfully!",
    failureMessage: "Failed to delete menu item. Please try again.",
  });

export default function DeleteMenuItem() {
  const { name, note } = useLoaderData<typeof loader>();
  return (
    <DeleteConfirmation
      title="Delete Menu Item"
      question={`Are you sure you want to delete the "${name}" menu item?`}
      note={note}
      reply={useActionData<typeof action>()}
    />
  );
}
