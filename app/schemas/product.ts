import { z } from "zod";
import { displayOrder, optionalText, recordVersion, requiredLink, requiredText } from "./fields";

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

/** Issue 37: mainstream (no prescribed warning), a restricted mass market investment, or a cryptoasset. */
export const RISK_CLASSES = ["mainstream", "rmmi", "cryptoasset"] as const;
export type RiskClass = (typeof RISK_CLASSES)[number];
export type HighRiskClass = Exclude<RiskClass, "mainstream">;
export const RISK_CLASS_LABELS: Record<RiskClass, string> = {
  mainstream: "Mainstream (no prescribed warning)",
  rmmi: "Restricted mass market investment",
  cryptoasset: "Cryptoasset",
};

const riskClass = z
  .preprocess((value) => (value === undefined || value === null || value === "" ? "mainstream" : value), z.enum(RISK_CLASSES, { error: "Choose a risk class" }))
  .meta({ description: "Which prescribed risk warning its promotions carry: none (mainstream), rmmi or cryptoasset. Default mainstream." });

/** Blank: the page shows its class's seeded summary. */
const riskSummary = optionalText(5000)
  .transform((value) => value ?? "")
  .meta({ description: "The product's risk summary (/risk-summary/{slug}): paragraphs, a line starting \"## \" is a heading. Empty: its class's summary." });

/** The product dialog and POST/PUT /api/admin/products. */
export const productSchema = z.object({
  name: requiredText("Name is required", 120),
  description: requiredText("Description is required", 1000),
  url: requiredLink("URL is required"),
  badge,
  displayOrder,
  riskClass,
  riskSummary,
  version: recordVersion,
});
/** A write from code may leave the risk fields out: the table's defaults (mainstream, no own summary) apply. */
export type ProductInput = Omit<z.infer<typeof productSchema>, "riskClass" | "riskSummary"> &
  Partial<Pick<z.infer<typeof productSchema>, "riskClass" | "riskSummary">>;
