import { useLoaderData } from "@remix-run/react";
import { CalloutSection } from "~/components/site/callout";
import { CardGrid } from "~/components/site/card";
import { ContactLink } from "~/components/site/contact-link";
import { FactList } from "~/components/site/fact-list";
import { NewsList } from "~/components/site/news-list";
import { PageHero } from "~/components/site/page-hero";
import { BulletList, PageSection } from "~/components/site/section";
import { buttonClass } from "~/components/ui/button";
import { newsroom as newsroomContent } from "~/content/newsroom";
import { NEWSROOM_MODIFIED, NEWSROOM_PUBLISHED } from "~/content/newsroom-dates";
import { pages } from "~/content/pages";
import { seoHandle, sitePageMeta } from "~/utils/seo";

const page = pages["/newsroom"];
export const handle = seoHandle(page, { article: { datePublished: NEWSROOM_PUBLISHED, dateModified: NEWSROOM_MODIFIED } });
export const meta = sitePageMeta(page);

/** The copy comes as data, not as part of the page's JavaScript. */
export function loader() {
  return { newsroom: newsroomContent };
}

export default function Newsroom() {
  const { newsroom } = useLoaderData<typeof loader>();
  const { mediaKit } = newsroom;
  return (
    <>
      <PageHero page={page} eyebrow={newsroom.hero.eyebrow} heading={newsroom.hero.heading} intro={<p>{newsroom.hero.intro}</p>}>
        <ContactLink subject={newsroom.pressEnquiries.subject} className={buttonClass("primaryOnDark", "lg")}>
          {newsroom.pressEnquiries.ctaLabel}
        </ContactLink>
      </PageHero>
      <PageSection heading={newsroom.latestNewsHeading} narrow>
        <NewsList items={newsroom.latestNews} />
      </PageSection>
      <PageSection heading={newsroom.productUpdatesHeading} tone="muted" narrow>
        <NewsList items={newsroom.productUpdates} />
      </PageSection>
      <PageSection heading={newsroom.partnerships.heading} intro={newsroom.partnerships.intro}>
        <CardGrid cards={newsroom.partnerships.items} columns={4} />
      </PageSection>
      <PageSection heading={newsroom.researchNotesHeading} tone="muted" narrow>
        <NewsList items={newsroom.researchNotes} />
      </PageSection>
      <PageSection heading={mediaKit.heading} intro={mediaKit.intro} narrow>
        <BulletList items={mediaKit.contents} className="text-base leading-7 text-navy-700" />
        <ContactLink subject={mediaKit.subject} className={`${buttonClass("primary", "md")} mt-8`}>
          {mediaKit.ctaLabel}
        </ContactLink>
      </PageSection>
      <PageSection heading={newsroom.factSheet.heading} tone="muted">
        <FactList facts={newsroom.factSheet.facts} columns={2} />
      </PageSection>
      <PageSection heading={newsroom.coverageAngles.heading} intro={newsroom.coverageAngles.intro}>
        <CardGrid cards={newsroom.coverageAngles.items} columns={3} />
      </PageSection>
      <CalloutSection callout={newsroom.pressEnquiries} tone="muted" />
      <PageSection heading={newsroom.boilerplate.heading} narrow>
        <p className="rounded-lg border border-navy-200 bg-navy-50 p-6 text-base leading-7 text-navy-800">{newsroom.boilerplate.text}</p>
      </PageSection>
    </>
  );
}
