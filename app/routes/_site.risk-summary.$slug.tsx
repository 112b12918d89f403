import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHero } from "~/components/site/page-hero";
import { PageSection } from "~/components/site/section";
import { defaultRiskSummaries } from "~/content/risk";
import { pages } from "~/content/pages";
import { listProducts } from "~/models/products.server";
import { BADGE_LABELS } from "~/schemas/product";
import { slugify } from "~/utils/slug";
import { loadedPageMeta, type SeoPage } from "~/utils/seo";

const platformsPage = pages["/platforms"];

/**
 * "Take 2 mins to learn more" (issue 37): the risk summary of a high-risk product, its own text when an
 * operator wrote one (the product dialog, kept in the product's history), otherwise its class's. A
 * mainstream product, or no product, is a 404.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const product = (await listProducts()).find((p) => p.riskClass !== "mainstream" && slugify(p.name) === params.slug);
  if (!product) throw new Response("Not Found", { status: 404 });
  const own = product.riskSummary.trim();
  const lines = own ? own.split(/\r?\n/).map((line) => line.trim()).filter(Boolean) : [...defaultRiskSummaries[product.riskClass as "rmmi" | "cryptoasset"]];
  const seo: SeoPage = {
    path: `/risk-summary/${slugify(product.name)}`,
    label: `Risk summary: ${product.name}`,
    title: `Risk summary: ${product.name}`,
    description: `The key risks of ${product.name}, a high-risk investment.`,
    parents: [{ label: platformsPage.label, path: platformsPage.path }],
  };
  return {
    seo,
    product: { name: product.name, badge: product.badge },
    blocks: lines.map((line) => (line.startsWith("## ") ? { heading: line.slice(3).trim() } : { text: line })),
  };
}

export const meta = loadedPageMeta(platformsPage);

export default function RiskSummary() {
  const { seo, product, blocks } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero page={seo} eyebrow="Risk summary" heading={product.name}>
        {product.badge === "coming_soon" ? (
          <p className="text-navy-200">
            Status: {BADGE_LABELS.coming_soon}. This product is not available yet; this summary says what its risks would be.
          </p>
        ) : null}
      </PageHero>
      <PageSection heading="Before you invest" narrow>
        <div className="max-w-prose space-y-4 text-base leading-7 text-navy-800" data-testid="risk-summary">
          {blocks.map((block, index) =>
            "heading" in block ? (
              <h3 key={index} className="pt-4 text-subheading font-semibold text-navy-950">
                {block.heading}
              </h3>
            ) : (
              <p key={index}>{block.text}</p>
            ),
          )}
          <p className="pt-4">
            <Link to="/platforms" className="font-semibold text-accent-700 underline underline-offset-4 hover:text-accent-800">
              Back to our platforms
            </Link>
          </p>
        </div>
      </PageSection>
    </>
  );
}
