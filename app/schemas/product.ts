import { z } from "zod";
import { displayOrder, recordVersion, requiredLink, requiredText } from "./fields";

export const PRODUCT_BADGES = ["live", "coming_soon", "beta"] as const;
export type ProductBadge = (typeof PRODUCT_BADGES)[number];

/** The labels of the admin's badge select (SPEC 2) and of product cards (SPEC 4). */
export const BADGE_LABELS: Record<ProductBadge, string> = {
  live: "Live",
  coming_soon: "Coming soon",
  beta: "Beta (waitlist)",
};

const badge = z.preprocess(
  (value) => (value === "" || value === "none" || value === undefined ? null : value),
  z.enum(PRODUCT_BADGES, { error: "Invalid input" }).nullable(),
);

/** The product dialog and POST/PUT /api/admin/products. */
export const productSchema = z.object({
  name: requiredText("Name is required", 120),
  description: requiredText("Description is required", 1000),
  url: requiredLink("URL is required"),
  badge,
  displayOrder,
  version: recordVersion,
});
export type ProductInput = z.infer<typeof productSchema>;
