import { defineCollection } from "./definition";

export const products = defineCollection({
  name: "products",
  section: "products",
  entity: "product",
  noun: "product",
  single: false,
  screen: { label: "Products", description: "The platforms, their status badges and their order." },
  history: {
    fields: {
      name: "Product Name",
      description: "Description",
      url: "URL",
      badge: "Badge",
      displayOrder: "Display Order",
    },
    api: { noun: "a product", schema: "Product" },
  },
  trashable: true,
  publishable: false,
  searchable: true,
  publicPaths: ["/platforms"],
});
