import { listProducts, type Product } from "~/models/products.server";
import { getRiskWarnings } from "~/models/risk-warnings.server";
import { pageRiskWarnings, warningFor, type PageRiskWarning } from "~/utils/risk-warnings";

/**
 * What a page that promotes products needs of them (issue 37): each product's public fields with its own
 * warning (shown beside its call to action), and the page's warnings (shown at its top).
 */
export async function productsWithWarnings(products: readonly Product[]) {
  const texts = await getRiskWarnings();
  const riskWarnings: PageRiskWarning[] = pageRiskWarnings(products, texts);
  return {
    products: products.map(({ id, name, description, url, badge, riskClass }) => ({
      id,
      name,
      description,
      url,
      badge,
      warning: warningFor({ name, riskClass }, texts),
    })),
    riskWarnings,
  };
}

/**
 * The warnings of a text that names high-risk products (a news post or a role, issue 37): a product is named
 * when its name appears in the text, whatever the case. Linear in the text's length for each product.
 */
export async function warningsForNamedProducts(text: string): Promise<PageRiskWarning[]> {
  const haystack = text.toLowerCase();
  const named = (await listProducts()).filter(
    (product) => product.riskClass !== "mainstream" && haystack.includes(product.name.toLowerCase()),
  );
  return named.length ? pageRiskWarnings(named, await getRiskWarnings()) : [];
}
