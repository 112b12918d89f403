import type { LoaderFunctionArgs } from "@remix-run/node";
import { previewAwareHeaders } from "~/utils/cache-control";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHero } from "~/components/site/page-hero";
import { JsonLd } from "~/components/site/json-ld";
import { PreviewBanner } from "~/components/site/preview-banner";
import { POST_PROSE, StoredBody } from "~/components/site/rendered-markdown";
import { htmlOnce } from "~/server/site/html-once.server";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { DEFAULT_POST_AUTHOR } from "~/content/publishing-defaults";
import { pages } from "~/content/pages";
import { now } from "~/models/clock.server";
import { getPost, getPostBySlug, livePost, postPath, type Post } from "~/models/posts.server";
import { CATEGORY_NAMES } from "~/schemas/post";
import {
  findPublishedRecord,
  previewBannerView,
  publishedRecordAnswer,
} from "~/server/publishing/published-record.server";
import { loadSiteSeo, shownImage } from "~/server/site/site-images.server";
import { formatIsoDate } from "~/utils/dates";
import { londonIsoDate } from "~/utils/london-time";
import {
  articleImage,
  breadcrumbTrail,
  buildMeta,
  canonicalUrl,
  loadedPageMeta,
  organizationJsonLd,
  webPageJsonLd,
  websiteJsonLd,
  type JsonLdGraph,
  type SeoPage,
  type SiteSeo,
} from "~/utils/seo";
import { warningsForNamedProducts } from "~/server/site/risk-warnings.server";

const newsroomPage = pages["/newsroom"];

/** The page's graph: the site's nodes, the page, Home > Newsroom > post, and the NewsArticle. */
function postJsonLd(
  site: SiteSeo,
  seo: SeoPage,
  post: Post,
  dates: { datePublished: string; dateModified: string },
): JsonLdGraph {
  const url = canonicalUrl(site, seo.path);
  const organization = { "@id": `${site.origin}/#organization` };
  // The seeded posts and any without a named operator are by the newsroom, that is the company.
  const author =
    post.authorName === DEFAULT_POST_AUTHOR || !post.authorName
      ? {
          "@type": "Organization",
          name: post.authorName || DEFAULT_POST_AUTHOR,
          url: `${site.origin}${newsroomPage.path}`,
        }
      : { "@type": "Person", name: post.authorName };
  return {
    "@context": "https://schema.org",
    "@graph": [
      organizationJsonLd(site),
      websiteJsonLd(site),
      webPageJsonLd(site, seo),
      {
        "@type": "BreadcrumbList",
        "@id": `${url}#breadcrumb`,
        itemListElement: breadcrumbTrail(seo).map((crumb, index) => ({
          "@type": "ListItem",
          position: index + 1,
          name: crumb.label,
          item: canonicalUrl(site, crumb.path),
        })),
      },
      {
        "@type": "NewsArticle",
        "@id": `${url}#article`,
        headline: post.title,
        description: post.summary,
        url,
        datePublished: dates.datePublished,
        dateModified: dates.dateModified,
        inLanguage: "en-GB",
        articleSection: CATEGORY_NAMES[post.category],
        author,
        publisher: organization,
        mainEntityOfPage: { "@id": `${url}#webpage` },
        ...articleImage(site, seo),
      },
    ],
  };
}

/**
 * One post. Visitors see live posts only; a signed-in operator, or anyone with a working preview link,
 * also sees a draft or scheduled one, marked as a preview, private and not indexed. Anything else is a 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { record: post, preview } = await findPublishedRecord(request, params, "post", {
    live: livePost,
    bySlug: getPostBySlug,
    byId: getPost,
    path: postPath,
  });
  const [site, cover] = await Promise.all([loadSiteSeo(), shownImage(post.coverImageId)]);
  const seo: SeoPage = {
    path: postPath(post.slug),
    label: post.title,
    title: post.title,
    description: post.summary,
    noindex: preview !== null,
    image: cover?.share ?? null,
    parents: [{ label: newsroomPage.label, path: newsroomPage.path }],
  };
  // A draft has no publication time yet: it shows the time it would have if published now.
  const publishedAt = (post.publishedAt ?? post.publishAt ?? now()).toISOString();
  const dates = { datePublished: publishedAt, dateModified: post.updatedAt.toISOString() };
  const body = {
    seo,
    trail: breadcrumbTrail(seo),
    post: {
      title: post.title,
      category: CATEGORY_NAMES[post.category],
      authorName: post.authorName || DEFAULT_POST_AUTHOR,
      publishedAt,
      publishedDate: londonIsoDate(publishedAt),
      // Rendered when the post was saved (app/models/rendered-bodies.server.ts): a view never renders Markdown.
      html: htmlOnce(context, "post", post.bodyHtml),
      cover: cover?.image ?? null,
    },
    dates,
    jsonLd: postJsonLd(site, seo, post, dates),
    preview: previewBannerView(preview, post, `/admin/news/${post.id}/edit`),
    // A post that names a high-risk product carries its prescribed warning at the top, as its card does.
    riskWarnings: await warningsForNamedProducts(`${post.title}\n${post.summary}\n${post.body}`),
  };
  return publishedRecordAnswer(body, preview);
}

export const headers = previewAwareHeaders;

/** A post is an article: its dates and section join the page's tags. */
export const meta = loadedPageMeta<{
  seo: SeoPage;
  dates: { datePublished: string; dateModified: string };
  post: { category: string };
}>(newsroomPage, (site, loaded) => [
  ...buildMeta(site, loaded.seo, { article: loaded.dates }),
  { property: "article:published_time", content: loaded.dates.datePublished },
  { property: "article:modified_time", content: loaded.dates.dateModified },
  { property: "article:section", content: loaded.post.category },
]);

export default function NewsroomPost() {
  const { seo, post, jsonLd, preview } = useLoaderData<typeof loader>();
  return (
    <>
      {preview ? <PreviewBanner state={preview.state} editPath={preview.editPath} /> : null}
      <article aria-labelledby="page-title">
        <PageHero
          as="header"
          page={seo}
          eyebrow={post.category}
          heading={post.title}
          roomForCover={post.cover !== null}
          intro={
            <p className="text-base">
              <time dateTime={post.publishedAt}>{formatIsoDate(post.publishedDate)}</time>
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, </span>
              By {post.authorName}
            </p>
          }
        />
        {post.cover ? (
          // Overlaps the header's foot: the first thing a reader sees, so fetched first.
          <div className="container-page relative -mt-16 sm:-mt-20">
            <ResponsiveImage
              image={post.cover}
              priority
              sizes="(min-width: 52rem) 48rem, calc(100vw - 2rem)"
              className="h-auto w-full max-w-3xl rounded-xl border border-navy-200 bg-navy-50 shadow-lg shadow-navy-950/10"
            />
          </div>
        ) : null}
        <div className="container-page py-14 sm:py-16">
          <div className="max-w-3xl">
            {/* Rendered on the server from the post's Markdown, with raw HTML off and links allow-listed. */}
            <StoredBody html={post.html} markupKey="post" className={POST_PROSE} />
            <p className="mt-14 border-t border-navy-200 pt-6">
              <Link
                to={newsroomPage.path}
                className="rounded-sm font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800"
              >
                <span aria-hidden="true">← </span>Back to the newsroom
              </Link>
            </p>
          </div>
        </div>
      </article>
      <JsonLd data={jsonLd} />
    </>
  );
}
