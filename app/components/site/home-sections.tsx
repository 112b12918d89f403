import { Link } from "@remix-run/react";
import { createContext, useContext } from "react";
import { buttonClass } from "~/components/ui/button";
import { ArrowRightIcon, DownloadIcon, ExternalIcon } from "~/components/ui/icons";
import { company, formatIncorporationDate } from "~/content/company";
import type { HomeContent } from "~/content/home";
import type { Leader } from "~/content/leaders";
import type { HeroContent } from "~/models/hero.server";
import type { Statistic } from "~/models/statistics.server";
import { secondaryCta } from "~/utils/hero-cta";
import type { RegulatoryFacts } from "~/utils/regulatory-facts";
import { WHITEPAPER_DOWNLOAD_PATH } from "~/utils/whitepaper";
import { CardGrid, CardSection } from "./card";
import { ContactLink } from "./contact-link";
import { Disclaimer } from "./disclaimer";
import { PlatformLaunchButton } from "./external-button-link";
import { FactList } from "./fact-list";
import { LeaderCard } from "./leader-card";
import type { PublicProduct } from "./product-card";
import { PlatformRow } from "./platform-carousel";
import { ProductView } from "./product-view";
import { FoldOnNarrow } from "./fold";
import { BulletList, PageSection, Prose } from "./section";
import { isExternalUrl, SmartLink } from "~/components/ui/smart-link";

/** The home page's copy arrives as loader data (not compiled into the page's JavaScript). */
export interface HomeCopy {
  home: HomeContent;
  leaders: readonly Leader[];
  /** The company's details from the regulatory status record (issue 37). */
  facts: RegulatoryFacts;
}
const HomeCopyContext = createContext<HomeCopy | null>(null);
export const HomeCopyProvider = HomeCopyContext.Provider;
function useHomeCopy(): HomeCopy {
  const copy = useContext(HomeCopyContext);
  if (!copy) throw new Error("useHomeCopy must be used within a HomeCopyProvider");
  return copy;
}

type HeroFields = Pick<
  HeroContent,
  "title" | "subtitle" | "primaryCtaText" | "primaryCtaUrl" | "secondaryCtaText" | "secondaryCtaUrl"
>;

export function HomeHero({ hero }: { hero: HeroFields }) {
  const { home } = useHomeCopy();
  const secondary = secondaryCta(hero.secondaryCtaText, hero.secondaryCtaUrl);
  const flagship = home.flagship;
  return (
    <section aria-labelledby="home-title" className="relative overflow-hidden bg-navy-950 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_80%_0%,rgba(49,207,164,0.18),transparent_55%),radial-gradient(ellipse_at_0%_100%,rgba(76,98,138,0.35),transparent_50%)]"
      />
      <div className="container-page relative grid gap-10 py-12 sm:py-20 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-center">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold tracking-wider text-accent-300 uppercase">
            {company.shortName}
          </p>
          <h1 id="home-title" className="mt-4 text-display font-semibold text-balance">
            {hero.title}
          </h1>
          <p className="mt-6 max-w-2xl text-lead text-navy-200">{hero.subtitle}</p>
          <div className="mt-10 flex flex-wrap gap-3">
            <SmartLink
              href={hero.primaryCtaUrl}
              newTab={isExternalUrl(hero.primaryCtaUrl)}
              className={buttonClass("primaryOnDark", "lg")}
              data-analytics-event="cta_click"
              data-analytics-label="hero_primary"
            >
              {hero.primaryCtaText}
              {isExternalUrl(hero.primaryCtaUrl) ? <ExternalIcon /> : null}
            </SmartLink>
            {secondary.kind === "contact" ? (
              <ContactLink
                subject={secondary.subject}
                className={buttonClass("secondaryOnDark", "lg")}
                data-analytics-event="cta_click"
                data-analytics-label="hero_secondary"
              >
                {secondary.label}
              </ContactLink>
            ) : (
              <SmartLink
                href={secondary.href}
                newTab={isExternalUrl(secondary.href)}
                className={buttonClass("secondaryOnDark", "lg")}
              >
                {secondary.label}
              </SmartLink>
            )}
          </div>
        </div>
        <ProductView
          name={flagship.heading}
          features={flagship.capabilities.map((capability) => capability.title)}
          tone="dark"
          caption={`a sketch of ${flagship.heading} drawn from the capabilities listed on this page, not a screenshot. It shows no data.`}
          className="max-w-md lg:max-w-none"
        />
      </div>
    </section>
  );
}

export function StatisticsStrip({ statistics }: { statistics: Pick<Statistic, "id" | "value" | "label">[] }) {
  if (statistics.length === 0) return null;
  return (
    <section aria-label="Key figures" className="border-b border-navy-200 bg-white">
      <dl className="container-page grid grid-cols-2 gap-px py-2 md:grid-cols-4">
        {statistics.map((statistic) => (
          <div key={statistic.id} className="flex flex-col-reverse justify-end gap-1 px-2 py-4 sm:px-4 sm:py-6">
            <dt className="text-sm text-navy-600">{statistic.label}</dt>
            <dd className="text-3xl font-semibold tracking-tight text-navy-950 tabular-nums sm:text-4xl">
              {statistic.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function HomeAbout() {
  const { home, facts } = useHomeCopy();
  const { about } = home;
  return (
    <PageSection heading={about.heading}>
      <div className="grid gap-group lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-12">
        <div className="max-w-3xl">
          <Prose paragraphs={about.paragraphs} />
          <Link to="/about" prefetch="intent" className={`${buttonClass("secondary", "md")} mt-8`}>
            {about.learnMoreLabel}
            <ArrowRightIcon />
          </Link>
        </div>
        <div className="rounded-lg border border-navy-200 bg-navy-50 p-5 sm:p-8">
          <h3 className="text-subheading font-semibold text-navy-950">{about.snapshotHeading}</h3>
          <div className="mt-4">
            <FactList
              columns="dense"
              facts={[
                {
                  label: "Company number",
                  value: <span className="tabular-nums">{facts.companyNumber}</span>,
                },
                { label: "Status", value: company.status },
                { label: "Company type", value: company.companyType },
                { label: "Incorporated", value: formatIncorporationDate() },
                {
                  label: "Registered office",
                  wide: true,
                  value: <address className="not-italic">{facts.registeredOffice}</address>,
                },
                {
                  label: "Industry (SIC) codes",
                  wide: true,
                  value: (
                    <ul className="grid gap-1 text-sm">
                      {company.industryCodes.map((code) => (
                        <li key={code.code}>
                          <span className="font-medium tabular-nums">{code.code}</span> {code.label}
                        </li>
                      ))}
                    </ul>
                  ),
                },
              ]}
            />
          </div>
        </div>
      </div>
    </PageSection>
  );
}

export function WhatWeBuild() {
  const { whatWeBuild } = useHomeCopy().home;
  return <CardSection group={whatWeBuild} columns={4} tone="muted" />;
}

export function FlagshipPlatform({ platformUrl }: { platformUrl: string }) {
  const { flagship } = useHomeCopy().home;
  return (
    <PageSection
      heading={flagship.heading}
      eyebrow={flagship.eyebrow}
      intro={<Prose paragraphs={flagship.intro} />}
    >
      <h3 className="text-subheading font-semibold text-navy-950">{flagship.capabilitiesHeading}</h3>
      <div className="mt-6">
        <CardGrid
          cards={flagship.capabilities}
          columns={3}
          headingLevel={4}
          fold={{ after: 3, summary: `Show all ${flagship.capabilities.length} capabilities` }}
        />
      </div>
      <div className="mt-10 grid gap-5 lg:mt-14 lg:grid-cols-2 lg:gap-8">
        {[
          { heading: flagship.whoItsForHeading, items: flagship.whoItsFor },
          { heading: flagship.differentiatorsHeading, items: flagship.differentiators },
        ].map((list) => (
          <div key={list.heading} className="rounded-lg border border-navy-200 p-5 sm:p-8">
            <h3 className="text-subheading font-semibold text-navy-950">{list.heading}</h3>
            <FoldOnNarrow summary={`Show all ${list.items.length} points`} className="mt-2 lg:mt-5">
              <BulletList items={list.items} className="mt-2 text-sm leading-6 text-navy-700 lg:mt-0" />
            </FoldOnNarrow>
          </div>
        ))}
      </div>
      <div className="mt-8 flex flex-wrap items-center gap-4 lg:mt-10">
        <PlatformLaunchButton href={platformUrl} placement="flagship_launch">
          {flagship.launchLabel}
        </PlatformLaunchButton>
      </div>
      <Disclaimer className="mt-8 max-w-4xl">{flagship.disclaimer}</Disclaimer>
    </PageSection>
  );
}

export function Leadership() {
  const { home, leaders } = useHomeCopy();
  const { leadership } = home;
  return (
    <PageSection heading={leadership.heading} intro={leadership.intro} tone="muted">
      <ul className="grid gap-5 lg:grid-cols-2 lg:gap-6">
        {leaders.map((leader) => (
          <li key={leader.id}>
            <LeaderCard leader={leader} />
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

export function WhyNow() {
  const { whyNow } = useHomeCopy().home;
  return (
    <CardSection
      group={whyNow}
      columns={3}
      fold={{ after: 3, summary: `Show all ${whyNow.items.length} reasons` }}
    />
  );
}

export function ForPartners() {
  const { partners } = useHomeCopy().home;
  return (
    <PageSection heading={partners.heading} intro={partners.intro} tone="muted">
      <ul className="grid gap-5 md:grid-cols-2 md:gap-6">
        {[partners.partnerships, partners.media].map((contact) => (
          <li
            key={contact.title}
            className="flex flex-col rounded-lg border border-navy-200 bg-white p-5 sm:p-8"
          >
            <h3 className="text-subheading font-semibold text-navy-950">{contact.title}</h3>
            <p className="mt-3 flex-1 text-sm leading-6 text-navy-700">{contact.description}</p>
            <div className="mt-5 sm:mt-6">
              <ContactLink subject={contact.subject} className={buttonClass("primary", "md")}>
                {contact.ctaLabel}
              </ContactLink>
            </div>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

export function Whitepaper() {
  const { whitepaper } = useHomeCopy().home;
  return (
    <PageSection heading={whitepaper.heading} tone="dark">
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-10">
        <div>
          <Prose paragraphs={whitepaper.paragraphs} tone="dark" />
          <div className="mt-8 flex flex-wrap gap-3">
            <a
              href={WHITEPAPER_DOWNLOAD_PATH}
              download
              className={buttonClass("primaryOnDark", "md")}
              data-analytics-event="download_click"
              data-analytics-label="whitepaper"
            >
              <DownloadIcon />
              {whitepaper.downloadLabel}
              <span className="sr-only"> (PDF)</span>
            </a>
            <a
              href={whitepaper.href}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass("secondaryOnDark", "md")}
              data-analytics-event="view_click"
              data-analytics-label="whitepaper"
            >
              {whitepaper.viewLabel}
              <ExternalIcon />
              <span className="sr-only"> (PDF, opens in a new tab)</span>
            </a>
          </div>
        </div>
        <div className="rounded-lg border border-navy-700 bg-navy-900 p-5 sm:p-8">
          <h3 className="text-base font-semibold text-white">Inside the paper</h3>
          <FoldOnNarrow
            summary={`Show all ${whitepaper.highlights.length} topics`}
            tone="dark"
            className="mt-2 lg:mt-4"
          >
            <BulletList
              items={whitepaper.highlights}
              className="mt-2 text-sm leading-6 text-navy-200 lg:mt-0"
            />
          </FoldOnNarrow>
        </div>
      </div>
    </PageSection>
  );
}

export function PlatformCarousel({ products }: { products: PublicProduct[] }) {
  const { platforms } = useHomeCopy().home;
  return (
    <PageSection heading={platforms.heading} intro={platforms.intro}>
      <PlatformRow products={products} />
      <Link to="/platforms" prefetch="intent" className={`${buttonClass("secondary", "md")} mt-6`}>
        {platforms.viewAllLabel}
        <ArrowRightIcon />
      </Link>
    </PageSection>
  );
}
