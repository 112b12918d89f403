import { RISK_WARNING_LINK_TEXT } from "~/content/risk";
import type { HighRiskClass, RiskClass } from "~/schemas/product";
import { slugify } from "~/utils/slug";

/**
 * Which prescribed risk warnings a page lists (issue 37): one per high-risk class among the products it
 * promotes, in the rules' words, each linking to the risk summary of the first such product. Pure.
 */

export interface PageRiskWarning {
  riskClass: HighRiskClass;
  /** The warning without its closing "Take 2 mins to learn more." (that is the link). */
  text: string;
  /** /risk-summary/{slug} of the product the link is about. */
  href: string;
  /** The product's name, for the link's accessible name. */
  productName: string;
}

export interface RiskyProduct {
  name: string;
  riskClass: RiskClass;
}

export const riskSummaryPath = (name: string) => `/risk-summary/${slugify(name)}`;

/** The warning's words before its link. */
export function warningLead(text: string): string {
  const tail = `${RISK_WARNING_LINK_TEXT}.`;
  return text.endsWith(tail) ? text.slice(0, -tail.length).trimEnd() : text;
}

export function warningFor(product: RiskyProduct, texts: Record<HighRiskClass, string>): PageRiskWarning | null {
  if (product.riskClass === "mainstream") return null;
  return {
    riskClass: product.riskClass,
    text: warningLead(texts[product.riskClass]),
    href: riskSummaryPath(product.name),
    productName: product.name,
  };
}

/** The page's warnings: rmmi first, then cryptoasset, each once. */
export function pageRiskWarnings(products: readonly RiskyProduct[], texts: Record<HighRiskClass, string>): PageRiskWarning[] {
  const order: HighRiskClass[] = ["rmmi", "cryptoasset"];
  return order.flatMap((riskClass) => {
    const first = products.find((product) => product.riskClass === riskClass);
    return first ? [warningFor(first, texts)!] : [];
  });
}
