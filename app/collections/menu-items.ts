import { defineCollection } from "./definition";

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
  publicPaths: [],
});
