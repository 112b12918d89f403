import { defineCollection } from "./definition";
import { MENU_TYPE_LABELS, MENU_TYPES, menuItemSchema } from "~/schemas/menu-item";

export const menuItems = defineCollection({
  name: "menu-items",
  section: "menus",
  entity: "menu item",
  noun: "menu item",
  single: false,
  screen: { label: "Menu Items", description: "Header, footer and sidebar navigation." },
  history: {
    fields: {
      menuType: "Menu Type",
      label: "Label",
      url: "URL",
      icon: "Icon",
      displayOrder: "Display Order",
      isActive: "Is Active",
      openInNewTab: "Open in New Tab",
      parentId: "Parent ID",
    },
    api: { noun: "a menu item", schema: "MenuItem" },
  },
  trashable: true,
  publishable: false,
  searchable: false,
  dialogs: {
    schema: menuItemSchema,
    formNoun: "Menu Item",
    page: {
      title: "Menu Manager",
      description: "Manage your header, footer, and sidebar menu items.",
      addLabel: "Add Menu Item",
      loadingText: "Loading menu items...",
      emptyText: "No menu items found. Add your first menu item to get started.",
    },
    fields: [
      [
        {
          name: "menuType",
          label: "Menu Type",
          kind: "select",
          options: MENU_TYPES.map((type) => ({ value: type, label: MENU_TYPE_LABELS[type] })),
        },
        { name: "label", label: "Label", placeholder: "e.g., Home" },
      ],
      { name: "url", label: "URL", placeholder: "e.g., /home or https://example.com" },
      [
        { name: "icon", label: "Icon (optional)", placeholder: "e.g., fa-solid fa-house" },
        { name: "displayOrder", label: "Display Order", kind: "number", inputMode: "numeric" },
      ],
      [
        { name: "isActive", label: "Is Active", kind: "checkbox" },
        { name: "openInNewTab", label: "Open in New Tab", kind: "checkbox" },
      ],
      { name: "parentId", label: "Parent ID (optional)", hint: "For nested menus", inputMode: "numeric" },
    ],
    newValues: {
      menuType: "header",
      label: "",
      url: "",
      icon: null,
      isActive: true,
      openInNewTab: false,
      parentId: "",
    },
    formValues: (row) => ({ ...row, parentId: row.parentId === null ? "" : String(row.parentId) }),
    valueLabels: { menuType: MENU_TYPE_LABELS },
    row: {
      name: (row) => String(row.label),
      code: (row) => (row.icon ? String(row.icon) : null),
      badges: (row) => (row.isActive ? [] : [{ label: "Inactive", tone: "neutral" }]),
      lines: (row) => [{ text: String(row.url), mono: true }],
      facts: (row) => [
        `Order ${String(row.displayOrder)}`,
        ...(row.openInNewTab ? ["Opens in new tab"] : []),
        ...(row.parentId !== null ? [`Parent ID: ${String(row.parentId)}`] : []),
        `ID: ${String(row.id)}`,
      ],
    },
    groups: {
      field: "menuType",
      titles: { header: "Header Menu", footer: "Footer Menu", sidebar: "Sidebar Menu" },
    },
  },
  publicPaths: [],
});
