import { Link, useLoaderData } from "@remix-run/react";
import { CalloutSection } from "~/components/site/callout";
import { CardSection } from "~/components/site/card";
import { ContactLink } from "~/components/site/contact-link";
import { ExternalButtonLink } from "~/components/site/external-button-link";
import { PageHero } from "~/components/site/page-hero";
import { RegulatoryPathway } from "~/components/site/regulatory-pathway";
import { ContentSection, PageSection, Prose } from "~/components/site/section";
import { buttonClass } from "~/components/ui/button";
import { ArrowRightIcon } from "~/components/ui/icons";
import { about as aboutContent } from "~/content/about";
import { company } from "~/content/company";
import { currentRegulatoryFacts } from "~/server/site/regulatory-facts.server";
import { fillRegulatoryFacts } from "~/utils/regulatory-facts";
import { pages } from "~/content/pages";
import { seoHandle, sitePageMeta } from "~/utils/seo";

const page = pages["/about"];
export const handle = seoHandle(page);
export const meta = sitePageMeta(page);

/** The copy comes as data, not as part of the page's JavaScript. */
export async function loader() {
  // The company's name, office and number are the regulatory status record's (issue 37).
  const facts = await currentRegulatoryFacts();
  return { about: fillRegulatoryFacts(aboutContent, facts), facts };
}

export default function About() {
  const { about, facts } = useLoaderData<typeof loader>();
  const { hero } = about;
  return (
    <>
      <PageHero
        page={page}
        eyebrow={hero.eyebrow}
        heading={hero.heading}
        intro={<p>{hero.intro}</p>}
        aside={
          <div className="rounded-lg border border-navy-700 bg-navy-900/80 p-6">
            <h2 className="text-sm font-semibold text-white">{hero.registeredOfficeLabel}</h2>
            <address className="mt-3 text-sm leading-6 text-navy-200 not-italic">
              {facts.legalName}
              <br />
              {facts.registeredOffice}
            </address>
            <p className="mt-3 text-sm text-navy-300">
              Registered in {facts.registeredIn}, company number {facts.companyNumber}
            </p>
            <ContactLink subject={hero.contactSubject} className={`${buttonClass("primaryOnDark", "sm")} mt-5`}>
              {hero.contactLabel}
            </ContactLink>
          </div>
        }
      />
      <ContentSection section={about.mission} />
      <ContentSection section={about.building} tone="muted" />
      <ContentSection section={about.whyNow} />
      <ContentSection section={about.howWeWork} tone="muted" />
      <CardSection group={about.values} columns={4} />
      <CardSection group={about.businessModel} columns={4} tone="muted" />
      <PageSection heading={about.regulatory.heading} intro={about.regulatory.intro}>
        <RegulatoryPathway phases={about.regulatory.phases} disclaimer={about.regulatory.disclaimer} />
      </PageSection>
      <PageSection heading={about.team.heading} tone="muted" narrow>
        <Prose paragraphs={about.team.paragraphs} />
        <Link to={about.team.link.href} prefetch="intent" className={`${buttonClass("secondary", "md")} mt-8`}>
          {about.team.link.label}
          <ArrowRightIcon />
        </Link>
      </PageSection>
      <CalloutSection callout={about.investors} />
      <CalloutSection
        callout={about.press}
        tone="muted"
        extra={
          <Link to={about.press.newsroomLink.href} prefetch="intent" className={buttonClass("secondary", "md")}>
            {about.press.newsroomLink.label}
            <ArrowRightIcon />
          </Link>
        }
      />
      <PageSection heading={about.cta.heading} intro={about.cta.text} tone="dark">
        <div className="flex flex-wrap gap-3">
          <ExternalButtonLink
            href={company.flagship.url}
            className={buttonClass("primaryOnDark", "lg")}
            analyticsEvent="cta_click"
            analyticsLabel="about_cta"
          >
            {about.cta.primaryLabel}
          </ExternalButtonLink>
          <ContactLink subject={about.cta.secondarySubject} className={buttonClass("secondaryOnDark", "lg")}>
            {about.cta.secondaryLabel}
          </ContactLink>
        </div>
      </PageSection>
    </>
  );
}
