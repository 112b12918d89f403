import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { MenuItemForm } from "~/components/admin/menu-item-form";
import { RecordHistoryLink } from "~/components/admin/history-link";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { getMenuItem, updateMenuItem, type MenuItemRow } from "~/models/menu-items.server";
import { MENU_TYPE_LABELS, menuItemSchema } from "~/schemas/menu-item";
import { ADMIN_CACHE_HEADERS, handleAdminForm, notFound, recordIdParam } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";

function formValues(item: MenuItemRow) {
  const { menuType, label, url, icon, displayOrder, isActive, openInNewTab, parentId, version } = item;
  return { menuType, label, url, icon, displayOrder, isActive, openInNewTab, parentId: parentId === null ? "" : String(parentId), version };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const item = await getMenuItem(recordIdParam(params.id));
  if (!item) throw notFound();
  return data({ item: formValues(item) }, { headers: ADMIN_CACHE_HEADERS });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = recordIdParam(params.id);
  return handleAdminForm({
    request,
    context,
    schema: menuItemSchema,
    write: (value, actor, version) => updateMenuItem(id, value, actor, version),
    current: { section: "menus", id, read: () => getMenuItem(id), formValues, valueLabels: { menuType: MENU_TYPE_LABELS } },
    successUrl: "/admin/menus",
    successMessage: "Menu item updated successfully!",
    failureMessage: "Failed to update menu item. Please try again.",
  });
}

export const shouldRevalidate = revalidateAfterConflict;

export default function EditMenuItem() {
  const { item } = useLoaderData<typeof loader>();
  return (
    <>
      <MenuItemForm
        key={item.version}
        mode="edit"
        defaultValue={item}
        version={item.version}
        reply={useActionData<typeof action>()}
      />
      <RecordHistoryLink section="menus" />
    </>
  );
}
