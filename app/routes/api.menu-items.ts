import { listMenuItems } from "~/models/menu-items.server";
import { MENU_TYPES, type MenuType } from "~/schemas/menu-item";
import { apiError, apiRoute, privateJson, publicJson } from "~/server/api/api.server";
import { menuItemJson, menuItemRecord } from "~/server/api/api-resources.server";
import { getAdmin } from "~/server/auth/auth.server";
import { cachedWithList, publicEndpoint } from "~/server/api/openapi-operations.server";

export const openapi = publicEndpoint("/api/menu-items", "Content", {
  get: {
    summary: "Menu items in display order: the active ones, or all of them with an operator's session",
    success: cachedWithList(menuItemRecord),
    query: [{ name: "menuType", enum: MENU_TYPES, description: "Only this menu's items." }],
    also: [400],
  },
});

const MENU_TYPE_MESSAGE = `menuType must be one of ${MENU_TYPES.join(", ")}`;

/**
 * Every menu item, or one menu's with ?menuType=. Visitors get the active items; an operator's session
 * sees all of them (and that answer is never cached).
 */
const handle = apiRoute({
  async GET({ request }) {
    const menuType = new URL(request.url).searchParams.get("menuType");
    if (menuType !== null && !(MENU_TYPES as readonly string[]).includes(menuType)) {
      return apiError(400, MENU_TYPE_MESSAGE, { errors: { menuType: [MENU_TYPE_MESSAGE] } });
    }
    const operator = await getAdmin(request);
    const items = (await listMenuItems())
      .filter((item) => menuType === null || item.menuType === (menuType as MenuType))
      .filter((item) => operator !== null || item.isActive)
      .map(menuItemJson);
    const vary = { Vary: "Cookie" };
    return operator ? privateJson(items, vary) : publicJson(request, items, vary);
  },
});

export { handle as loader, handle as action };
