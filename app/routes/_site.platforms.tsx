import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { CardGrid } from "~/components/site/card";
import { Disclaimer } from "~/components/site/disclaimer";
import { PlatformLaunchButton } from "~/components/site/external-button-link";
import { PageHero } from "~/components/site/page-hero";
import { ProductCard, type PublicProduct } from "~/components/site/product-card";
import { ProductView } from "~/components/site/product-view";
import { PageSection, Prose, type SectionTone } from "~/components/site/section";
import { slugify } from "~/utils/slug";
import { company } from "~/content/company";
import { home } from "~/content/home";
import { pages } from "~/content/pages";
import { platforms as platformsContent } from "~/content/platforms";
import { listProducts } from "~/models/products.server";
import { productsWithWarnings } from "~/server/site/risk-warnings.server";
import { groupProducts } from "~/utils/product-status";
import { seoHandle, sitePageMeta } from "~/utils/seo";

const page = pages["/platforms"];
export const handle = seoHandle(page, { flagship: true });
export const meta = sitePageMeta(page);

/** The products come from the database; the copy comes as data too, not as part of the page's JavaScript. */
export async function loader() {
  const { products, riskWarnings } = await productsWithWarnings(await listProducts());
  // The live platform's illustration is drawn from the flagship's capabilities as the home page lists them.
  const flagship = {
    name: company.flagship.name,
    features: home.flagship.capabilities.map((capability) => capability.title),
  };
  return { platforms: platformsContent, groups: groupProducts(products), riskWarnings, flagship };
}

/** A group of products under its heading; nothing when the group is empty. */
function ProductGroup({
  copy,
  products,
  tone,
  eyebrow,
  aside,
  children,
}: {
  copy: { heading: string; intro?: string };
  products: PublicProduct[];
  tone?: SectionTone;
  eyebrow?: string;
  /** Beside the cards on wide screens (the live platform's illustration). */
  aside?: ReactNode;
  children?: ReactNode;
}) {
  if (products.length === 0) return null;
  const cards = (
    <ul
      className={`grid gap-5 sm:grid-cols-2 ${aside ? "lg:grid-cols-1" : eyebrow ? "lg:grid-cols-4" : "lg:grid-cols-3"}`}
    >
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} context="platforms" />
        </li>
      ))}
    </ul>
  );
  return (
    <PageSection heading={copy.heading} intro={copy.intro} tone={tone} eyebrow={eyebrow}>
      {aside ? (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start lg:gap-12">
          {cards}
          {aside}
        </div>
      ) : (
        cards
      )}
      {children}
    </PageSection>
  );
}

export default function Platforms() {
  const { groups, platforms, flagship } = useLoaderData<typeof loader>();
  const { hero, portfolioManager } = platforms;
  const showPortfolioManager = groups.beta.some((product) => product.name === portfolioManager.name);
  return (
    <>
      <PageHero page={page} eyebrow={hero.eyebrow} heading={hero.heading} intro={<p>{hero.intro}</p>}>
        <PlatformLaunchButton href={company.flagship.url} tone="dark" placement="platforms_hero">
          {hero.ctaLabel}
        </PlatformLaunchButton>
      </PageHero>

      <ProductGroup
        copy={platforms.groups.live}
        products={groups.live}
        aside={
          <ProductView
            name={flagship.name}
            features={flagship.features}
            caption={`a sketch of ${flagship.name} drawn from the capabilities our home page lists, not a screenshot. It shows no data.`}
          />
        }
      />

      <ProductGroup copy={platforms.groups.beta} products={groups.beta} tone="muted">
        {showPortfolioManager ? (
          <div
            id={slugify(portfolioManager.heading)}
            className="mt-12 scroll-mt-24 rounded-lg border border-navy-200 bg-white p-6 sm:p-10"
          >
            <h3 className="text-heading font-semibold text-navy-950">{portfolioManager.heading}</h3>
            <div className="mt-5 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start lg:gap-12">
              <div className="max-w-3xl">
                <Prose paragraphs={portfolioManager.paragraphs} />
              </div>
              <ProductView
                name={portfolioManager.name}
                features={portfolioManager.features.map((feature) => feature.title)}
              />
            </div>
            <div className="mt-8">
              <CardGrid cards={portfolioManager.features} columns={4} headingLevel={4} />
            </div>
            <p className="mt-8 text-sm font-medium text-navy-800">{portfolioManager.waitlistNote}</p>
          </div>
        ) : null}
      </ProductGroup>

      {/* After what can be used today, lighter: the roadmap. */}
      <ProductGroup copy={platforms.groups.comingSoon} products={groups.comingSoon} eyebrow="Roadmap" />

      <ProductGroup copy={{ heading: "More platforms" }} products={groups.other} tone="muted" />

      <div className="container-page pb-16">
        <Disclaimer>{platforms.regulatoryNote}</Disclaimer>
      </div>
    </>
  );
}
