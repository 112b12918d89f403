import { defineCollection } from "./definition";
import { BADGE_LABELS, PRODUCT_BADGES, productSchema, RISK_CLASS_LABELS, RISK_CLASSES, type ProductBadge, type RiskClass } from "~/schemas/product";

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
      riskClass: "Risk class",
      riskSummary: "Risk summary",
    },
    api: { noun: "a product", schema: "Product" },
  },
  trashable: true,
  publishable: false,
  searchable: true,
  dialogs: {
    schema: productSchema,
    formNoun: "Product",
    page: {
      title: "Products",
      description: "Manage your platform products and offerings.",
      addLabel: "Add Product",
      loadingText: "Loading products...",
      emptyText: "No products found. Add your first product to get started.",
    },
    fields: [
      { name: "name", label: "Product Name", placeholder: "e.g., New Platform" },
      { name: "description", label: "Description", kind: "textarea", rows: 3 },
      { name: "url", label: "URL", placeholder: "e.g., /platforms or https://example.com" },
      [
        {
          name: "badge",
          label: "Badge",
          kind: "select",
          options: [
            { value: "none", label: "None" },
            ...PRODUCT_BADGES.map((badge) => ({ value: badge, label: BADGE_LABELS[badge] })),
          ],
        },
        { name: "displayOrder", label: "Display Order", kind: "number", inputMode: "numeric" },
      ],
      {
        name: "riskClass",
        label: "Risk class",
        kind: "select",
        options: RISK_CLASSES.map((value) => ({ value, label: RISK_CLASS_LABELS[value] })),
      },
      {
        name: "riskSummary",
        label: "Risk summary (optional)",
        kind: "textarea",
        rows: 6,
        hint: "Shown at /risk-summary/… for a high-risk product. Leave blank for its class's summary. A line starting ## is a heading.",
      },
    ],
    newValues: { name: "", description: "", url: "", badge: "none", riskClass: "mainstream", riskSummary: "" },
    // The badge select posts "none" for no badge.
    formValues: (row) => ({ ...row, badge: row.badge ?? "none" }),
    valueLabels: { badge: { none: "None", ...BADGE_LABELS } },
    layout: "cards",
    row: {
      name: (row) => String(row.name),
      badges: (row) => [
        ...(row.badge ? [badgeOf(row.badge as ProductBadge)] : []),
        ...(row.riskClass && row.riskClass !== "mainstream" ? [{ label: RISK_CLASS_LABELS[row.riskClass as RiskClass], tone: "warning" } as const] : []),
      ],
      lines: (row) => [{ text: String(row.description) }, { text: String(row.url), mono: true }],
      facts: (row) => [`Order ${String(row.displayOrder)}`],
    },
  },
  publicPaths: ["/platforms"],
});

function badgeOf(badge: ProductBadge) {
  const tone = badge === "live" ? "accent" : badge === "beta" ? "warning" : "neutral";
  return { label: BADGE_LABELS[badge] ?? badge, tone } as const;
}
