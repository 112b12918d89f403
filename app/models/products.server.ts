import { products } from "~db/schema";
import type { ProductInput } from "~/schemas/product";
import { cached } from "./content-cache.server";
import { previewedRows } from "./promotion-preview.server";
import { recordModel } from "./versioned-records.server";

export type Product = typeof products.$inferSelect;

const model = recordModel<Product, ProductInput>({
  table: products,
  entity: "product",
  collection: "products",
  describe: (p) => String(p.name),
});

export const getProduct = model.get;
export const countProducts = model.total;
export const nextProductOrder = model.nextDisplayOrder;
export const createProduct = model.create;
export const updateProduct = model.update;
export const deleteProduct = model.remove;
export const restoreProductVersion = model.restoreVersion;
export const restoreProductFromTrash = model.restoreFromTrash;

/** In display order; served from the content cache (an approver's preview: with the pending product). */
export async function listProducts(): Promise<Product[]> {
  return previewedRows("products", await cached("products", model.list));
}
