import { menuItems } from "~/collections/menu-items";
import { RecordDeleteConfirmation } from "~/components/admin/confirm-delete";
import { countMenuDescendants, deleteMenuItem, getMenuItem } from "~/models/menu-items.server";
import { deleteRecordLoader, removeRecordAction } from "~/server/admin/record-routes.server";

// The items under this one go to the trash with it, and the confirmation says so.
export const loader = deleteRecordLoader(
  getMenuItem,
  (item) => item.label,
  (item) => countMenuDescendants(item.id),
);

export const action = removeRecordAction({
  collection: menuItems,
  remove: deleteMenuItem,
});

export default function DeleteMenuItem() {
  return <RecordDeleteConfirmation title="Delete Menu Item" noun="menu item" />;
}
