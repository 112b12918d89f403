import { menuItems } from "~/collections/menu-items";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MenuItemForm } from "~/components/admin/menu-item-form";
import { createMenuItem, nextMenuItemOrder } from "~/models/menu-items.server";
import { menuItemSchema } from "~/schemas/menu-item";
import { createRecordAction, newRecordLoader } from "~/server/admin/record-routes.server";

export const loader = newRecordLoader(nextMenuItemOrder);

export const action = createRecordAction({
  collection: menuItems,
  schema: menuItemSchema,
  create: createMenuItem,
});

export default function NewMenuItem() {
  const { displayOrder } = useLoaderData<typeof loader>();
  return (
    <MenuItemForm
      mode="create"
      defaultValue={{
        menuType: "header",
        label: "",
        url: "",
        icon: null,
        displayOrder,
        isActive: true,
        openInNewTab: false,
        parentId: "",
      }}
      reply={useActionData<typeof action>()}
    />
  );
}
