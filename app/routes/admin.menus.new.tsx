import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { MenuItemForm } from "~/components/admin/menu-item-form";
import { createMenuItem, nextMenuItemOrder } from "~/models/menu-items.server";
import { menuItemSchema } from "~/schemas/menu-item";
import { ADMIN_CACHE_HEADERS, handleAdminForm } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return data({ displayOrder: await nextMenuItemOrder() }, { headers: ADMIN_CACHE_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleAdminForm({
    request,
    context,
    schema: menuItemSchema,
    write: (value, actor) => createMenuItem(value, actor),
    successUrl: "/admin/menus",
    successMessage: "Menu item created successfully!",
    failureMessage: "Failed to create menu item. Please try again.",
  });
}

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
