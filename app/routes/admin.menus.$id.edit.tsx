import { menuItems } from "~/collections/menu-items";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RecordHistoryLink } from "~/components/admin/history-link";
import { MenuItemForm } from "~/components/admin/menu-item-form";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { getMenuItem, updateMenuItem, type MenuItemRow } from "~/models/menu-items.server";
import { MENU_TYPE_LABELS, menuItemSchema } from "~/schemas/menu-item";
import { editRecordLoader, updateRecordAction } from "~/server/admin/record-routes.server";

function formValues(item: MenuItemRow) {
  const { menuType, label, url, icon, displayOrder, isActive, openInNewTab, parentId, version } = item;
  return {
    menuType,
    label,
    url,
    icon,
    displayOrder,
    isActive,
    openInNewTab,
    parentId: parentId === null ? "" : String(parentId),
    version,
  };
}

export const loader = editRecordLoader("item", getMenuItem, formValues);

export const action = updateRecordAction({
  collection: menuItems,
  schema: menuItemSchema,
  update: updateMenuItem,
  read: getMenuItem,
  current: { section: "menus", formValues, valueLabels: { menuType: MENU_TYPE_LABELS } },
});

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
