import { useLoaderData } from "@remix-run/react";
import { CalloutSection } from "~/components/site/callout";
import { CardSection } from "~/components/site/card";
import { Disclaimer } from "~/components/site/disclaimer";
import { FactList } from "~/components/site/fact-list";
import { PageHero } from "~/components/site/page-hero";
import { RegulatoryPathway } from "~/components/site/regulatory-pathway";
import { ContentSection, PageSection } from "~/components/site/section";
import { buttonClass } from "~/components/ui/button";
import { ContactLink } from "~/components/site/contact-link";
import { formatAllocationAmount, investors as investorsContent } from "~/content/investors";
import { pages } from "~/content/pages";
import { currentRegulatoryFacts } from "~/server/site/regulatory-facts.server";
import { fillRegulatoryFacts } from "~/utils/regulatory-facts";
import { seoHandle, sitePageMeta } from "~/utils/seo";

const page = pages["/investors"];
export const handle = seoHandle(page);
export const meta = sitePageMeta(page);

/**
 * The copy comes as data, not as part of the page's JavaScript; amounts are formatted here, on the server.
 * The regulatory section opens with the status sentence of the regulatory status record, not typed copy,
 * and the corporate facts are the record's (issue 37).
 */
export async function loader() {
  const { useOfProceeds, regulatory } = investorsContent;
  const allocations = useOfProceeds.allocations.map((allocation) => ({ ...allocation, amount: formatAllocationAmount(allocation.percent) }));
  const facts = await currentRegulatoryFacts();
  return {
    investors: fillRegulatoryFacts(
      {
        ...investorsContent,
        useOfProceeds: { ...useOfProceeds, allocations },
        regulatory: { ...regulatory, intro: `${facts.status} ${regulatory.intro}` },
      },
      facts,
    ),
  };
}

type InvestorsCopy = Awaited<ReturnType<typeof loader>>["investors"];

function UseOfProceeds({ useOfProceeds }: { useOfProceeds: InvestorsCopy["useOfProceeds"] }) {
  return (
    <PageSection heading={useOfProceeds.heading} intro={useOfProceeds.intro} tone="muted">
      <ul className="grid gap-4">
        {useOfProceeds.allocations.map((allocation) => (
          <li key={allocation.label} className="rounded-lg border border-navy-200 bg-white p-5 sm:p-6">
            <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
              <h3 className="text-base font-semibold text-navy-950">{allocation.label}</h3>
              <p className="text-sm text-navy-700 tabular-nums">
                <span className="font-semibold text-navy-950">{allocation.percent}%</span> · {allocation.amount}
              </p>
            </div>
            <div aria-hidden="true" className="mt-3 h-2 overflow-hidden rounded-full bg-navy-100">
              <div className="h-full rounded-full bg-accent-600" style={{ width: `${allocation.percent}%` }} />
            </div>
            <p className="mt-3 text-sm leading-6 text-navy-700">{allocation.description}</p>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm font-medium text-navy-900">
        Total: <span className="tabular-nums">{useOfProceeds.total}</span>
      </p>
    </PageSection>
  );
}

export default function Investors() {
  const { investors } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero page={page} eyebrow={investors.hero.eyebrow} heading={investors.hero.heading} intro={<p>{investors.hero.intro}</p>}>
        <ContactLink subject={investors.investorRelations.subject} className={buttonClass("primaryOnDark", "lg")}>
          {investors.investorRelations.ctaLabel}
        </ContactLink>
      </PageHero>
      <ContentSection section={investors.thesis} />
      <CardSection group={investors.whyWeWin} columns={3} tone="muted" />
      <ContentSection section={investors.whatIsBuilt} />
      <CardSection group={investors.businessModel} columns={4} tone="muted" />
      <PageSection heading={investors.regulatory.heading} intro={investors.regulatory.intro}>
        <RegulatoryPathway phases={investors.regulatory.phases} disclaimer={investors.regulatory.disclaimer} />
      </PageSection>
      <UseOfProceeds useOfProceeds={investors.useOfProceeds} />
      <PageSection heading={investors.corporateFacts.heading}>
        <FactList facts={investors.corporateFacts.facts} columns={2} />
      </PageSection>
      <CalloutSection callout={investors.investorRelations} tone="muted" />
      <div className="container-page py-12">
        <Disclaimer>{investors.notice}</Disclaimer>
      </div>
    </>
  );
}
