import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirmation } from "~/components/admin/confirm-delete";
import { countMenuDescendants, deleteMenuItem, getMenuItem } from "~/models/menu-items.server";
import { ADMIN_CACHE_HEADERS, handleAdminDelete, notFound, recordIdParam } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { trashNotice } from "~/server/history/trash-actions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const item = await getMenuItem(recordIdParam(params.id));
  if (!item) throw notFound();
  return data({ label: item.label, note: trashNotice(await countMenuDescendants(item.id)) }, { headers: ADMIN_CACHE_HEADERS });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = recordIdParam(params.id);
  return handleAdminDelete({
    request,
    context,
    remove: (actor) => deleteMenuItem(id, actor),
    listUrl: "/admin/menus",
    successMessage: "Menu item deleted successfully!",
    failureMessage: "Failed to delete menu item. Please try again.",
  });
}

export default function DeleteMenuItem() {
  const { label, note } = useLoaderData<typeof loader>();
  return (
    <DeleteConfirmation
      title="Delete Menu Item"
      question={`Are you sure you want to delete the "${label}" menu item?`}
      note={note}
      reply={useActionData<typeof action>()}
    />
  );
}
