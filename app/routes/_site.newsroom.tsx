import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { CalloutSection } from "~/components/site/callout";
import { CardGrid } from "~/components/site/card";
import { ContactLink } from "~/components/site/contact-link";
import { FactList } from "~/components/site/fact-list";
import { NewsList } from "~/components/site/news-list";
import { PageHero } from "~/components/site/page-hero";
import { PageLinks } from "~/components/site/page-links";
import { BulletList, PageSection, type SectionTone } from "~/components/site/section";
import { buttonClass } from "~/components/ui/button";
import { newsroom as newsroomContent } from "~/content/newsroom";
import { withCurrentFacts } from "~/server/site/regulatory-facts.server";
import { NEWSROOM_MODIFIED, NEWSROOM_PUBLISHED } from "~/content/newsroom-dates";
import { pages } from "~/content/pages";
import { livePostsPage, type PostSummary } from "~/models/posts.server";
import { CATEGORY_LABELS, POST_CATEGORIES, type PostCategory } from "~/schemas/post";
import { requestedPage, withPage } from "~/utils/pagination";
import { seoHandle, sitePageMeta, type SeoPage } from "~/utils/seo";

const page = pages["/newsroom"];

/** The feed readers and browsers discover from /newsroom. */
const FEED_PATH = "/newsroom/feed.xml";

// The newsroom's structured-data dates are fixed by SPEC section 9 (published 2025-01-01, modified
// 2025-01-08), and the layout renders the JSON-LD from this static handle. Each post page carries its
// own NewsArticle with its real dates, and the sitemap dates /newsroom by its newest post.
export const handle = seoHandle(page, {
  article: { datePublished: NEWSROOM_PUBLISHED, dateModified: NEWSROOM_MODIFIED },
});

/** Page 1 is /newsroom itself; later pages have their own address and title. */
function seoPageFor(pageNumber: number): SeoPage {
  return pageNumber > 1
    ? { ...page, path: withPage(page.path, pageNumber), title: `Newsroom – page ${pageNumber}` }
    : page;
}

export const meta: MetaFunction<typeof loader> = (args) =>
  sitePageMeta(seoPageFor(args.data?.posts.page ?? 1))(args);

export const links: LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "Kestrel Insight Newsroom", href: FEED_PATH },
];

/** The posts of this page by section, in the Newsroom's order; sections with none are left out. */
function bySection(
  items: readonly PostSummary[],
): { category: PostCategory; heading: string; items: PostSummary[] }[] {
  return POST_CATEGORIES.map((category) => ({
    category,
    heading: CATEGORY_LABELS[category],
    items: items.filter((item) => item.category === category),
  })).filter((section) => section.items.length > 0 || section.category === "partnership");
}

/**
 * The newsroom: live posts, POSTS_PAGE_SIZE a page, newest first, grouped by section. Page 1 also carries
 * the press copy (media kit, fact sheet...); later pages only the posts. A page past the end is a 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const pageNumber = requestedPage(new URL(request.url).searchParams);
  const posts = await livePostsPage(pageNumber);
  if (!posts) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  // The fact sheet and the boilerplate state the company's details and status from the record (issue 37).
  const { hero, pressEnquiries, partnerships, mediaKit, factSheet, coverageAngles, boilerplate } =
    await withCurrentFacts(newsroomContent);
  return {
    hero,
    pressEnquiries,
    posts: { page: posts.page, pageCount: posts.pageCount, sections: bySection(posts.items) },
    press: posts.page === 1 ? { partnerships, mediaKit, factSheet, coverageAngles, boilerplate } : null,
  };
}

/**
 * Newer and Older: on a band of its own, ruled off from the last section of posts, since it pages every
 * section above it, not the last one ("Research notes") alone.
 */
function Pager({ pageNumber, pageCount }: { pageNumber: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  return (
    <div data-newsroom-pager="" className="border-y border-navy-200 bg-white pt-8">
      <PageLinks
        label="Newsroom pages"
        page={pageNumber}
        pageCount={pageCount}
        hrefFor={(n) => withPage(page.path, n)}
        before="Newer"
        after="Older"
        className="container-page pb-8"
      />
    </div>
  );
}

export default function Newsroom() {
  const { hero, pressEnquiries, posts, press } = useLoaderData<typeof loader>();
  const seoPage = seoPageFor(posts.page);

  // Sections alternate white and tinted whichever of them this page has.
  const sections: ((tone: SectionTone) => ReactNode)[] = posts.sections.flatMap((section) => {
    if (section.category === "partnership") {
      if (!press && section.items.length === 0) return [];
      return [
        (tone: SectionTone) => (
          <PageSection
            key={section.category}
            heading={press?.partnerships.heading ?? section.heading}
            intro={press?.partnerships.intro}
            tone={tone}
          >
            {press ? <CardGrid cards={press.partnerships.items} columns={4} /> : null}
            {section.items.length > 0 ? (
              <div className={press ? "mt-12 max-w-3xl" : "max-w-3xl"}>
                <NewsList items={section.items} />
              </div>
            ) : null}
          </PageSection>
        ),
      ];
    }
    return [
      (tone: SectionTone) => (
        <PageSection key={section.category} heading={section.heading} tone={tone} narrow>
          <NewsList items={section.items} />
        </PageSection>
      ),
    ];
  });
  if (press) {
    const { mediaKit, factSheet, coverageAngles } = press;
    sections.push(
      (tone) => (
        <PageSection key="media-kit" heading={mediaKit.heading} intro={mediaKit.intro} tone={tone} narrow>
          <BulletList items={mediaKit.contents} className="text-base leading-7 text-navy-700" />
          <ContactLink subject={mediaKit.subject} className={`${buttonClass("primary", "md")} mt-8`}>
            {mediaKit.ctaLabel}
          </ContactLink>
        </PageSection>
      ),
      (tone) => (
        <PageSection key="fact-sheet" heading={factSheet.heading} tone={tone}>
          <FactList facts={factSheet.facts} columns={2} />
        </PageSection>
      ),
      (tone) => (
        <PageSection key="coverage" heading={coverageAngles.heading} intro={coverageAngles.intro} tone={tone}>
          <CardGrid cards={coverageAngles.items} columns={3} />
        </PageSection>
      ),
      (tone) => <CalloutSection key="press" callout={pressEnquiries} tone={tone} />,
      (tone) => (
        <PageSection key="boilerplate" heading={press.boilerplate.heading} tone={tone} narrow>
          <p className="rounded-lg border border-navy-200 bg-navy-50 p-6 text-base leading-7 text-navy-800">
            {press.boilerplate.text}
          </p>
        </PageSection>
      ),
    );
  }
  const postSectionCount = sections.length - (press ? 5 : 0);
  const toneAt = (index: number): SectionTone => (index % 2 === 0 ? "white" : "muted");
  const rendered = sections.map((render, index) => render(toneAt(index)));

  return (
    <>
      <PageHero page={seoPage} eyebrow={hero.eyebrow} heading={hero.heading} intro={<p>{hero.intro}</p>}>
        <ContactLink subject={pressEnquiries.subject} className={buttonClass("primaryOnDark", "lg")}>
          {pressEnquiries.ctaLabel}
        </ContactLink>
      </PageHero>
      {rendered.slice(0, postSectionCount)}
      <Pager pageNumber={posts.page} pageCount={posts.pageCount} />
      {rendered.slice(postSectionCount)}
    </>
  );
}
