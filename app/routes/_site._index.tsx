import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { currentRegulatoryFacts } from "~/server/site/regulatory-facts.server";
import { useLoaderData } from "@remix-run/react";
import {
  FlagshipPlatform,
  ForPartners,
  HomeAbout,
  HomeHero,
  Leadership,
  PlatformCarousel,
  StatisticsStrip,
  WhatWeBuild,
  Whitepaper,
  WhyNow,
  HomeCopyProvider,
} from "~/components/site/home-sections";
import { OperatorHome } from "~/components/site/operator-home";
import { ADMIN_SCREENS } from "~/utils/admin-screens";
import { company } from "~/content/company";
import { home as homeContent } from "~/content/home";
import { leaders } from "~/content/leaders";
import { pages } from "~/content/pages";
import { getHeroContent } from "~/models/hero.server";
import { listProducts } from "~/models/products.server";
import { productsWithWarnings } from "~/server/site/risk-warnings.server";
import { listStatistics } from "~/models/statistics.server";
import { getAdmin } from "~/server/auth/auth.server";
import { mergeMeta, parentMeta, seoHandle, siteSeoFromMatches, sitePageMeta } from "~/utils/seo";
import { responseHeadersFor } from "~/server/site/site-layout.server";

export const handle = seoHandle(pages["/"], { flagship: true });

/**
 * "/": the public home page, from the hero, statistics and products in the database. A signed-in
 * operator gets the operator home instead (SPEC 2), unless they ask for the public view (?view=public).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await getAdmin(request);
  const headers = responseHeadersFor(admin !== null);
  if (admin && new URL(request.url).searchParams.get("view") !== "public") {
    return data({ view: "operator" as const, operator: { firstName: admin.firstName, email: admin.email, screens: ADMIN_SCREENS } }, { headers });
  }
  const [hero, statistics, products, facts] = await Promise.all([
    getHeroContent(),
    listStatistics(),
    listProducts(),
    currentRegulatoryFacts(),
  ]);
  const promoted = await productsWithWarnings(products);
  return data(
    {
      view: "public" as const,
      hero: {
        title: hero.title,
        subtitle: hero.subtitle,
        primaryCtaText: hero.primaryCtaText,
        primaryCtaUrl: hero.primaryCtaUrl,
        secondaryCtaText: hero.secondaryCtaText,
        secondaryCtaUrl: hero.secondaryCtaUrl,
      },
      statistics: statistics.map(({ id, value, label }) => ({ id, value, label })),
      products: promoted.products,
      // The carousel promotes every product: the warnings of their high-risk classes are at the page's top.
      riskWarnings: promoted.riskWarnings,
      copy: { home: homeContent, leaders, facts },
    },
    { headers },
  );
}

const publicMeta = sitePageMeta(pages["/"]);

export const meta: MetaFunction<typeof loader> = (args) => {
  if (args.data?.view !== "operator") return publicMeta(args);
  const brand = siteSeoFromMatches(args.matches)?.brand ?? company.shortName;
  return mergeMeta(parentMeta(args.matches), [
    { title: `Operator home | ${brand}` },
    { name: "robots", content: "noindex, nofollow" },
  ]);
};

export default function Home() {
  const home = useLoaderData<typeof loader>();
  if (home.view === "operator") return <OperatorHome firstName={home.operator.firstName} email={home.operator.email} screens={home.operator.screens} />;
  return (
    <HomeCopyProvider value={home.copy}>
      <HomeHero hero={home.hero} />
      <StatisticsStrip statistics={home.statistics} />
      <HomeAbout />
      <WhatWeBuild />
      <FlagshipPlatform platformUrl={company.flagship.url} />
      <Leadership />
      <WhyNow />
      <ForPartners />
      <Whitepaper />
      <PlatformCarousel products={home.products} />
    </HomeCopyProvider>
  );
}
