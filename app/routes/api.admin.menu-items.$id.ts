import { deleteMenuItem, updateMenuItem } from "~/models/menu-items.server";
import { recordItemRoute } from "~/server/api/api-record-route.server";
import { menuItemJson, menuItemUpdateRequest } from "~/server/api/api-resources.server";

const handle = recordItemRoute({
  notFound: "Menu item not found",
  request: menuItemUpdateRequest,
  update: updateMenuItem,
  remove: deleteMenuItem,
  toJson: menuItemJson,
});

export const loader = handle;
export const action = handle;
