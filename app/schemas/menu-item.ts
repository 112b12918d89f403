import { z } from "zod";
import { checkbox, displayOrder, optionalText, recordVersion, requiredLink, requiredText } from "./fields";

export const MENU_TYPES = ["header", "footer", "sidebar"] as const;
export type MenuType = (typeof MENU_TYPES)[number];
export const MENU_TYPE_LABELS: Record<MenuType, string> = { header: "Header", footer: "Footer", sidebar: "Sidebar" };

const parentId = z.preprocess(
  (value) => {
    if (value === null || value === undefined) return null;
    const text = String(value).trim();
    return text === "" ? null : text;
  },
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: "Parent ID must be the number of another menu item", abort: true })
    // An id is a PostgreSQL integer: a larger number could not name a menu item (and would fail the query).
    .refine((value) => Number(value) <= 2_147_483_647, "Parent ID must be the number of another menu item")
    .nullable(),
);

/** The menu item dialog and POST/PUT /api/admin/menu-items. */
export const menuItemSchema = z.object({
  menuType: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(MENU_TYPES, { error: "Menu type is required" }),
  ),
  label: requiredText("Label is required", 80),
  url: requiredLink("URL is required"),
  icon: optionalText(80),
  displayOrder,
  isActive: checkbox,
  openInNewTab: checkbox,
  parentId,
  version: recordVersion,
});
export type MenuItemInput = z.infer<typeof menuItemSchema>;
