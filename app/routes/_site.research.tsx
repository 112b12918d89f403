import { useLoaderData } from "@remix-run/react";
import { CalloutSection } from "~/components/site/callout";
import { PageHero } from "~/components/site/page-hero";
import { BulletList, ContentSection, PageSection } from "~/components/site/section";
import { pages } from "~/content/pages";
import { research as researchContent } from "~/content/research";
import { seoHandle, sitePageMeta } from "~/utils/seo";

const page = pages["/research"];
export const handle = seoHandle(page);
export const meta = sitePageMeta(page);

/** The copy comes as data, not as part of the page's JavaScript. */
export function loader() {
  return { research: researchContent };
}

export default function Research() {
  const { research } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero page={page} eyebrow={research.hero.eyebrow} heading={research.hero.heading} intro={<p>{research.hero.intro}</p>} />
      <PageSection heading={research.pillarsHeading}>
        <ul className="grid gap-5 md:grid-cols-2">
          {research.pillars.map((pillar) => (
            <li key={pillar.id} id={pillar.id} className="rounded-lg border border-navy-200 bg-white p-6 sm:p-8">
              <h3 className="text-subheading font-semibold text-navy-950">{pillar.title}</h3>
              <p className="mt-3 text-sm leading-6 text-navy-700">{pillar.description}</p>
              <BulletList items={pillar.points} className="mt-5 text-sm leading-6 text-navy-700" />
            </li>
          ))}
        </ul>
      </PageSection>
      <ContentSection section={research.founderResearch} tone="muted" />
      <ContentSection section={research.datasets} />
      <ContentSection section={research.methods} tone="muted" />
      <ContentSection section={research.behaviouralRisk} />
      <ContentSection section={research.communityIntelligence} tone="muted" />
      <ContentSection section={research.predictionMarkets} />
      <ContentSection section={research.personalFinanceAi} tone="muted" />
      <CalloutSection callout={research.workWithLab} />
    </>
  );
}
