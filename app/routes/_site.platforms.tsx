import { useLoaderData } from "@remix-run/react";
import { CardGrid } from "~/components/site/card";
import { Disclaimer } from "~/components/site/disclaimer";
import { PageHero } from "~/components/site/page-hero";
import { ProductCard, type PublicProduct } from "~/components/site/product-card";
import { PageSection, Prose } from "~/components/site/section";
import { slugify } from "~/utils/slug";
import { buttonClass } from "~/components/ui/button";
import { ExternalIcon } from "~/components/ui/icons";
import { company } from "~/content/company";
import { pages } from "~/content/pages";
import { platforms as platformsContent } from "~/content/platforms";
import { listProducts } from "~/models/products.server";
import { groupProducts } from "~/utils/product-status";
import { seoHandle, sitePageMeta } from "~/utils/seo";

const page = pages["/platforms"];
export const handle = seoHandle(page, { flagship: true });
export const meta = sitePageMeta(page);

/** The products come from the database; the copy comes as data too, not as part of the page's JavaScript. */
export async function loader() {
  const products = await listProducts();
  return {
    platforms: platformsContent,
    groups: groupProducts(products.map(({ id, name, description, url, badge }) => ({ id, name, description, url, badge }))),
  };
}

function ProductGrid({ products }: { products: PublicProduct[] }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} context="platforms" />
        </li>
      ))}
    </ul>
  );
}

export default function Platforms() {
  const { groups, platforms } = useLoaderData<typeof loader>();
  const { hero, portfolioManager } = platforms;
  const showPortfolioManager = groups.beta.some((product) => product.name === portfolioManager.name);
  return (
    <>
      <PageHero page={page} eyebrow={hero.eyebrow} heading={hero.heading} intro={<p>{hero.intro}</p>}>
        <a
          href={company.flagship.url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass("primaryOnDark", "lg")}
          data-analytics-event="platform_click"
          data-analytics-label="platforms_hero"
        >
          {hero.ctaLabel}
          <ExternalIcon />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </PageHero>

      {groups.live.length > 0 ? (
        <PageSection heading={platforms.groups.live.heading} intro={platforms.groups.live.intro}>
          <ProductGrid products={groups.live} />
        </PageSection>
      ) : null}

      {groups.beta.length > 0 ? (
        <PageSection heading={platforms.groups.beta.heading} intro={platforms.groups.beta.intro} tone="muted">
          <ProductGrid products={groups.beta} />
          {showPortfolioManager ? (
            <div id={slugify(portfolioManager.heading)} className="mt-12 scroll-mt-24 rounded-lg border border-navy-200 bg-white p-6 sm:p-10">
              <h3 className="text-2xl font-semibold tracking-tight text-navy-950">{portfolioManager.heading}</h3>
              <div className="mt-5 max-w-3xl">
                <Prose paragraphs={portfolioManager.paragraphs} />
              </div>
              <div className="mt-8">
                <CardGrid cards={portfolioManager.features} columns={4} headingLevel={4} />
              </div>
              <p className="mt-8 text-sm font-medium text-navy-800">{portfolioManager.waitlistNote}</p>
            </div>
          ) : null}
        </PageSection>
      ) : null}

      {groups.comingSoon.length > 0 ? (
        <PageSection heading={platforms.groups.comingSoon.heading} intro={platforms.groups.comingSoon.intro}>
          <ProductGrid products={groups.comingSoon} />
        </PageSection>
      ) : null}

      {groups.other.length > 0 ? (
        <PageSection heading="More platforms" tone="muted">
          <ProductGrid products={groups.other} />
        </PageSection>
      ) : null}

      <div className="container-page pb-16">
        <Disclaimer>{platforms.regulatoryNote}</Disclaimer>
      </div>
    </>
  );
}
