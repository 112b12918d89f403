import { NEWSROOM_MODIFIED } from "~/content/newsroom-dates";
import { pages } from "~/content/pages";
import { FEED_SIZE, latestLivePosts, postPath } from "~/models/posts.server";
import { getSeoSettings } from "~/models/seo-settings.server";
import { CATEGORY_NAMES } from "~/schemas/post";
import { getConfig } from "~/server/config.server";
import { PUBLIC_PAGE, PUBLIC_PAGE_CDN } from "~/utils/cache-control";
import { canonicalUrl, siteSeoFrom } from "~/utils/seo";
import { escapeXml } from "~/utils/sitemap";

const FEED_PATH = "/newsroom/feed.xml";

interface FeedItem {
  title: string;
  path: string;
  summary: string;
  category: string;
  publishedAt: Date;
}

/** RSS 2.0: the channel and its items, every text escaped; dates in RFC 822 form (as toUTCString writes them). */
function rssXml(channel: { origin: string; title: string; description: string; lastBuildDate: Date }, items: readonly FeedItem[]): string {
  const url = (path: string) => escapeXml(canonicalUrl(channel, path));
  const entries = items.map((item) =>
    [
      "    <item>",
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${url(item.path)}</link>`,
      `      <guid isPermaLink="true">${url(item.path)}</guid>`,
      `      <pubDate>${item.publishedAt.toUTCString()}</pubDate>`,
      `      <description>${escapeXml(item.summary)}</description>`,
      `      <category>${escapeXml(item.category)}</category>`,
      "    </item>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${url(pages["/newsroom"].path)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    "    <language>en-gb</language>",
    `    <lastBuildDate>${channel.lastBuildDate.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${url(FEED_PATH)}" rel="self" type="application/rss+xml"/>`,
    ...entries,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** /newsroom/feed.xml: the FEED_SIZE newest live posts. */
export async function loader() {
  const [posts, settings] = await Promise.all([latestLivePosts(FEED_SIZE), getSeoSettings()]);
  const site = siteSeoFrom(settings, getConfig().publicUrl.origin);
  const items = posts.map((post) => ({
    title: post.title,
    path: postPath(post.slug),
    summary: post.summary,
    category: CATEGORY_NAMES[post.category],
    publishedAt: post.publishedAt!,
  }));
  // The feed changes when a post is published or edited; with none, it is as old as the newsroom's copy.
  const changes = posts.flatMap((post) => [post.updatedAt.getTime(), post.publishedAt!.getTime()]);
  const lastBuildDate = new Date(changes.length ? Math.max(...changes) : Date.parse(`${NEWSROOM_MODIFIED}T00:00:00Z`));
  const xml = rssXml(
    { origin: site.origin, title: `${site.brand} Newsroom`, description: pages["/newsroom"].description, lastBuildDate },
    items,
  );
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": PUBLIC_PAGE, "CDN-Cache-Control": PUBLIC_PAGE_CDN },
  });
}
