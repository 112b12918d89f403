import type { MetaDescriptor } from "@remix-run/node";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setClock } from "~/models/clock.server";
import { createPost, updatePost, type Post, type PostWrite } from "~/models/posts.server";
import { createPreviewLink, deletePreviewLink } from "~/models/preview-links.server";
import * as postRoute from "~/routes/_site.newsroom_.$slug";
import * as newsroomRoute from "~/routes/_site.newsroom";
import { loader as layoutLoader } from "~/routes/_site";
import { loader as searchLoader } from "~/routes/_site.search";
import { loader as feedLoader } from "~/routes/newsroom.feed[.]xml";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { formatLondonDateTime } from "~/utils/london-time";
import type { SiteSeo } from "~/utils/seo";
import { operatorCookie } from "../helpers/api-client";
import { settle, testContext } from "../helpers/route-result";

/**
 * The newsroom's public side, through its loaders against the seeded database: the paged list, a post
 * page (live, draft, scheduled, previews), its JSON-LD, the RSS feed, the sitemap and site search.
 */

const ORIGIN = "http://localhost:3000";
const alice = { userId: null, email: "alice@kestrelinsight.example" };

function get(path: string, options: { cookie?: string; params?: Record<string, string> } = {}) {
  return {
    request: new Request(`${ORIGIN}${path}`, options.cookie ? { headers: { Cookie: options.cookie } } : undefined),
    context: testContext,
    params: options.params ?? {},
  };
}

type ListBody = {
  posts: { page: number; pageCount: number; sections: { category: string; heading: string; items: { slug: string; title: string }[] }[] };
  press: Record<string, unknown> | null;
  hero: { heading: string };
};
type PostBody = {
  seo: { path: string; title: string; description: string; noindex: boolean };
  trail: { label: string; path: string }[];
  post: { title: string; category: string; authorName: string; publishedAt: string; html: string };
  dates: { datePublished: string; dateModified: string };
  jsonLd: { "@graph": Record<string, unknown>[] };
  preview: { state: string; editPath?: string } | null;
};

const newsroomPage = (path: string) => settle(() => newsroomRoute.loader(get(path)));
const postPage = (slug: string, options: { cookie?: string; search?: string } = {}) =>
  settle(() => postRoute.loader(get(`/newsroom/${slug}${options.search ?? ""}`, { cookie: options.cookie, params: { slug } })));

function post(overrides: Partial<PostWrite> & Pick<PostWrite, "title" | "slug">): PostWrite {
  return { summary: `Summary of ${overrides.title}.`, body: `Body of ${overrides.title}.`, category: "news", status: "published", publishAt: null, ...overrides };
}

async function created(input: PostWrite): Promise<Post> {
  const result = await createPost(input, alice);
  if (!result.ok) throw new Error(`createPost failed: ${JSON.stringify(result)}`);
  return result.record;
}

/** The matches a meta function sees: root, the layout (with its site values) and the route. */
async function metaOf(route: { meta: unknown; handle?: unknown }, path: string, data: unknown): Promise<MetaDescriptor[]> {
  const layout = (await settle(() => layoutLoader(get(path)))).body as { site: SiteSeo };
  const matches = [
    { id: "root", pathname: "/", params: {}, data: {}, meta: [], handle: undefined },
    { id: "routes/_site", pathname: "/", params: {}, data: layout, meta: [], handle: undefined },
    { id: "leaf", pathname: path, params: {}, data, meta: [], handle: route.handle },
  ];
  const meta = route.meta as (args: unknown) => MetaDescriptor[];
  return meta({ data, matches, params: {}, location: { pathname: path, search: "", hash: "", state: null, key: "" }, error: undefined });
}

function tag(tags: MetaDescriptor[], key: string, value: string): string | undefined {
  const found = tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;
  return found?.content ?? found?.href;
}

function nodeOf(body: PostBody, type: string): Record<string, unknown> | undefined {
  return body.jsonLd["@graph"].find((node) => node["@type"] === type);
}

function routeHeaders(loaderHeaders: HeadersInit, parentHeaders: HeadersInit): Headers {
  const headers = postRoute.headers as (args: Record<string, Headers>) => Headers;
  return new Headers(headers({ loaderHeaders: new Headers(loaderHeaders), parentHeaders: new Headers(parentHeaders), actionHeaders: new Headers(), errorHeaders: new Headers() }));
}

let operator = "";

beforeAll(async () => {
  operator = await operatorCookie();
});

afterEach(() => setClock(null));

describe("the newsroom list", () => {
  it("shows the seeded posts 10 a page, newest first, by section, with the press copy on page 1 only", async () => {
    const first = await newsroomPage("/newsroom");
    expect(first.status).toBe(200);
    const page1 = first.body as ListBody;
    expect(page1.posts).toMatchObject({ page: 1, pageCount: 2 });
    expect(page1.press).not.toBeNull();
    expect(page1.posts.sections.map((s) => s.heading)).toEqual(["Latest news", "Product updates", "Partnerships", "Research notes"]);
    const titles = (category: string, body: ListBody) => body.posts.sections.find((s) => s.category === category)?.items.map((i) => i.title);
    expect(titles("news", page1)).toEqual([
      "Updated Privacy Policy, Terms of Service and Cookie Policy",
      "Kestrel Insight opens its seed round",
      "Portfolio Manager enters beta",
      "Writer Program opens to applications",
      "Trading journal connects to brokers and exchanges",
    ]);
    expect(titles("product_update", page1)).toEqual([
      "Capital gains summaries for the 2024-25 tax year",
      "Leaderboard ranks by risk-adjusted results",
      "Economic calendar joins watchlists",
    ]);
    expect(titles("partnership", page1)).toEqual([]);
    expect(titles("research_note", page1)).toEqual(["Fairness across market capitalisation", "Do explanations help?"]);
    expect(page1.posts.sections.flatMap((s) => s.items)).toHaveLength(10);

    const second = (await newsroomPage("/newsroom?page=2")).body as ListBody;
    expect(second.posts).toMatchObject({ page: 2, pageCount: 2 });
    expect(second.press).toBeNull();
    expect(second.hero.heading).toBe("News from Kestrel Insight");
    expect(titles("news", second)).toEqual(["First public model accuracy report"]);
    expect(titles("product_update", second)).toEqual(["Explained anomaly alerts"]);
    expect(titles("research_note", second)).toEqual(["Calibration before accuracy"]);
  });

  it("answers a page past the end with 404, and reads a malformed ?page= as page 1", async () => {
    expect((await newsroomPage("/newsroom?page=3")).status).toBe(404);
    expect((await newsroomPage("/newsroom?page=999999999")).status).toBe(404);
    expect(((await newsroomPage("/newsroom?page=abc")).body as ListBody).posts.page).toBe(1);
    expect(((await newsroomPage("/newsroom?page=0")).body as ListBody).posts.page).toBe(1);
  });

  it("gives page 2 its own title and canonical URL, and page 1 the bare address", async () => {
    const page2 = await metaOf(newsroomRoute, "/newsroom?page=2", (await newsroomPage("/newsroom?page=2")).body);
    expect(page2.find((t) => "title" in t)).toEqual({ title: "Newsroom – page 2 | Kestrel Insight" });
    expect(tag(page2, "rel", "canonical")).toBe(`${ORIGIN}/newsroom?page=2`);
    const page1 = await metaOf(newsroomRoute, "/newsroom", (await newsroomPage("/newsroom")).body);
    expect(tag(page1, "rel", "canonical")).toBe(`${ORIGIN}/newsroom`);
    expect(page1.find((t) => "title" in t)).toEqual({ title: "Newsroom: company news, updates and media kit | Kestrel Insight" });
  });

  it("names its RSS feed for browsers and feed readers", () => {
    const links = newsroomRoute.links();
    expect(links).toContainEqual(expect.objectContaining({ rel: "alternate", type: "application/rss+xml", href: "/newsroom/feed.xml" }));
  });
});

describe("a post's page", () => {
  it("shows a live post with its date, category, byline and breadcrumbs, public and indexable", async () => {
    const { status, headers, body } = await postPage("portfolio-manager-enters-beta");
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBeNull();
    const page = body as PostBody;
    expect(page.preview).toBeNull();
    expect(page.post).toMatchObject({ title: "Portfolio Manager enters beta", category: "News", authorName: "Kestrel Insight Newsroom", publishedAt: "2025-06-24T12:00:00.000Z" });
    expect(page.post.html).toContain("Portfolio Manager, our workspace");
    expect(page.trail).toEqual([
      { label: "Home", path: "/" },
      { label: "Newsroom", path: "/newsroom" },
      { label: "Portfolio Manager enters beta", path: "/newsroom/portfolio-manager-enters-beta" },
    ]);
    const parent = { "Cache-Control": "public, max-age=0, s-maxage=60", "CDN-Cache-Control": "max-age=60, stale-while-revalidate=300" };
    expect(Object.fromEntries(routeHeaders(headers, parent))).toEqual({ "cache-control": parent["Cache-Control"], "cdn-cache-control": parent["CDN-Cache-Control"] });

    const meta = await metaOf(postRoute, "/newsroom/portfolio-manager-enters-beta", body);
    expect(meta.find((t) => "title" in t)).toEqual({ title: "Portfolio Manager enters beta | Kestrel Insight" });
    expect(tag(meta, "name", "description")).toBe(page.seo.description);
    expect(tag(meta, "rel", "canonical")).toBe(`${ORIGIN}/newsroom/portfolio-manager-enters-beta`);
    expect(tag(meta, "property", "og:type")).toBe("article");
    expect(tag(meta, "property", "og:url")).toBe(`${ORIGIN}/newsroom/portfolio-manager-enters-beta`);
    expect(tag(meta, "property", "article:published_time")).toBe("2025-06-24T12:00:00.000Z");
    expect(tag(meta, "property", "article:modified_time")).toBe(page.dates.dateModified);
    expect(tag(meta, "name", "robots")).toBe("index, follow");
  });

  it("describes the post as a NewsArticle published by the Organization", async () => {
    const page = (await postPage("portfolio-manager-enters-beta")).body as PostBody;
    const url = `${ORIGIN}/newsroom/portfolio-manager-enters-beta`;
    const article = nodeOf(page, "NewsArticle");
    expect(article).toMatchObject({
      headline: "Portfolio Manager enters beta",
      description: page.seo.description,
      url,
      datePublished: "2025-06-24T12:00:00.000Z",
      dateModified: page.dates.dateModified,
      author: { "@type": "Organization", name: "Kestrel Insight Newsroom" },
      publisher: { "@id": `${ORIGIN}/#organization` },
      mainEntityOfPage: { "@id": `${url}#webpage` },
      articleSection: "News",
    });
    expect(Date.parse(String(article!.dateModified))).toBeGreaterThanOrEqual(Date.parse(String(article!.datePublished)));
    expect(nodeOf(page, "Organization")).toMatchObject({ "@id": `${ORIGIN}/#organization`, name: "Kestrel Insight Ltd" });
    expect(nodeOf(page, "WebPage")).toMatchObject({ "@id": `${url}#webpage`, url });
    expect((nodeOf(page, "BreadcrumbList")!.itemListElement as { name: string; item: string }[]).map((c) => [c.name, c.item])).toEqual([
      ["Home", `${ORIGIN}/`],
      ["Newsroom", `${ORIGIN}/newsroom`],
      ["Portfolio Manager enters beta", url],
    ]);
  });

  it("answers an unknown slug with 404", async () => {
    expect((await postPage("no-such-post")).status).toBe(404);
    expect((await postPage("no-such-post", { cookie: operator })).status).toBe(404);
  });
});

describe("drafts and previews", () => {
  it("hides a draft from visitors and shows it to an operator as a private, unindexed preview", async () => {
    const draft = await created(post({ title: "Draft announcement", slug: "draft-announcement", status: "draft" }));
    expect((await postPage(draft.slug)).status).toBe(404);

    const seen = await postPage(draft.slug, { cookie: operator });
    expect(seen.status).toBe(200);
    expect(seen.headers.get("Cache-Control")).toBe("private, no-store");
    expect(seen.headers.get("X-Robots-Tag")).toBe("noindex");
    const page = seen.body as PostBody;
    expect(page.preview).toEqual({ state: "Draft.", editPath: `/admin/news/${draft.id}/edit` });
    expect(page.seo.noindex).toBe(true);
    const meta = await metaOf(postRoute, `/newsroom/${draft.slug}`, page);
    expect(tag(meta, "name", "robots")).toContain("noindex");

    // Even a visitor's layout headers (public, for a CDN) give way to the preview's.
    const merged = routeHeaders(seen.headers, { "Cache-Control": "public, max-age=0, s-maxage=60", "CDN-Cache-Control": "max-age=60" });
    expect(merged.get("Cache-Control")).toBe("private, no-store");
    expect(merged.get("CDN-Cache-Control")).toBeNull();
    expect(merged.get("X-Robots-Tag")).toBe("noindex");

    const list = (await newsroomPage("/newsroom")).body as ListBody;
    expect(list.posts.sections.flatMap((s) => s.items.map((i) => i.slug))).not.toContain(draft.slug);
  });

  it("shows a scheduled post to an operator with its time, and to everyone once that time comes", async () => {
    const start = new Date("2030-01-01T09:00:00Z");
    const at = new Date("2030-01-02T09:30:00Z");
    setClock(() => start);
    const scheduled = await created(post({ title: "Scheduled results", slug: "scheduled-results", category: "research_note", publishAt: at }));
    expect((await postPage(scheduled.slug)).status).toBe(404);
    const preview = (await postPage(scheduled.slug, { cookie: operator })).body as PostBody;
    expect(preview.preview?.state).toBe(`Scheduled for ${formatLondonDateTime(at)}.`);
    expect(preview.preview?.state).toBe("Scheduled for 2 January 2030, 09:30 GMT.");
    expect(String((await settle(() => sitemapLoader())).body)).not.toContain("/newsroom/scheduled-results");

    setClock(() => new Date(at.getTime() + 1000));
    const live = await postPage(scheduled.slug);
    expect(live.status).toBe(200);
    expect((live.body as PostBody).preview).toBeNull();
    const list = (await newsroomPage("/newsroom")).body as ListBody;
    expect(list.posts.sections.find((s) => s.category === "research_note")?.items[0]?.slug).toBe(scheduled.slug);
    expect(String((await settle(() => sitemapLoader())).body)).toContain("/newsroom/scheduled-results");
  });

  it("opens a draft through a preview link, until it expires, is revoked or the post is published", async () => {
    const draft = await created(post({ title: "Compliance review", slug: "compliance-review", status: "draft" }));
    const { token, link } = await createPreviewLink("post", draft.id, alice);
    const search = `?preview=${token}`;

    const seen = await postPage(draft.slug, { search });
    expect(seen.status).toBe(200);
    expect(seen.headers.get("Cache-Control")).toBe("private, no-store");
    expect(seen.headers.get("X-Robots-Tag")).toBe("noindex");
    // Someone with a link is not an operator: no way into the editor.
    expect((seen.body as PostBody).preview).toEqual({ state: "Draft." });
    expect((await postPage(draft.slug, { search: "?preview=not-a-real-token" })).status).toBe(404);

    setClock(() => new Date(Date.now() + 8 * 24 * 60 * 60_000));
    expect((await postPage(draft.slug, { search })).status).toBe(404);
    setClock(null);
    expect((await postPage(draft.slug, { search })).status).toBe(200);

    expect(await deletePreviewLink("post", draft.id, link.id, alice)).toBe(true);
    expect((await postPage(draft.slug, { search })).status).toBe(404);

    const second = await createPreviewLink("post", draft.id, alice);
    const published = await updatePost(draft.id, { ...post({ title: draft.title, slug: draft.slug, status: "published" }) }, alice, draft.version);
    expect(published.ok).toBe(true);
    // Published: the address shows the live post to everyone, not as a preview.
    const live = await postPage(draft.slug, { search: `?preview=${second.token}` });
    expect(live.status).toBe(200);
    expect((live.body as PostBody).preview).toBeNull();
    expect(live.headers.get("Cache-Control")).toBeNull();
    // Publishing revoked the link: unpublished again, the post is closed to it.
    if (!published.ok) return;
    expect((await updatePost(draft.id, { ...post({ title: draft.title, slug: draft.slug, status: "draft" }) }, alice, published.record.version)).ok).toBe(true);
    expect((await postPage(draft.slug, { search: `?preview=${second.token}` })).status).toBe(404);
  });
});

describe("Markdown safety, end to end", () => {
  it("renders raw HTML as text, drops javascript: links and never makes an image with a handler", async () => {
    const hostile = await created(
      post({
        title: "Hostile body",
        slug: "hostile-body",
        body: [
          "<script>alert('x')</script>",
          "[Click me](javascript:alert(1)) and [encoded](jav&#x09;ascript:alert(1))",
          '<img src="x" onerror="alert(1)">',
          "![pixel](javascript:alert(1))",
          "[External](https://example.com/report) and [home](/about)",
        ].join("\n\n"),
      }),
    );
    const page = (await postPage(hostile.slug)).body as PostBody;
    const html = page.post.html;
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toMatch(/href="\s*javascript:/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).toContain("&lt;img");
    expect(html).not.toMatch(/<img[^>]*src="javascript:/i);
    expect(html).toContain('<a href="https://example.com/report" rel="noopener noreferrer external">External<span class="sr-only"> (external link)</span></a>');
    expect(html).toContain('<a href="/about">home</a>');

    // The feed carries the summary only, escaped.
    expect(String((await settle(() => feedLoader())).body)).not.toContain("<script");
  });
});

describe("the RSS feed", () => {
  it("lists the 20 newest live posts, every text escaped", async () => {
    // Later than anything else in this database, so these eight lead the feed.
    setClock(() => new Date("2035-01-01T00:00:00Z"));
    for (let n = 1; n <= 8; n++) {
      await created(post({ title: `Q&A <${n}> "quoted" it's`, slug: `feed-post-${n}`, summary: `Tom & Jerry <b>bold</b> ${n}`, category: "partnership", publishAt: new Date(Date.UTC(2034, 11, n, 12)) }));
    }
    const { status, headers, body } = await settle(() => feedLoader());
    expect(status).toBe(200);
    expect(headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    expect(headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60");
    const xml = String(body);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">')).toBe(true);
    expect(xml).toContain("<title>Kestrel Insight Newsroom</title>");
    expect(xml).toContain(`<link>${ORIGIN}/newsroom</link>`);
    expect(xml).toContain("<language>en-gb</language>");
    expect(xml).toMatch(/<lastBuildDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/lastBuildDate>/);
    expect(xml).toContain(`<atom:link href="${ORIGIN}/newsroom/feed.xml" rel="self" type="application/rss+xml"/>`);

    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
    expect(items).toHaveLength(20);
    expect(items[0]).toContain("<title>Q&amp;A &lt;8&gt; &quot;quoted&quot; it&apos;s</title>");
    expect(items[0]).toContain(`<link>${ORIGIN}/newsroom/feed-post-8</link>`);
    expect(items[0]).toContain(`<guid isPermaLink="true">${ORIGIN}/newsroom/feed-post-8</guid>`);
    expect(items[0]).toContain("<pubDate>Fri, 08 Dec 2034 12:00:00 GMT</pubDate>");
    expect(items[0]).toContain("<description>Tom &amp; Jerry &lt;b&gt;bold&lt;/b&gt; 8</description>");
    expect(items[0]).toContain("<category>Partnership</category>");
    expect(xml).not.toContain("<b>");
    // Newest first: publication times never increase down the feed.
    const times = items.map((item) => Date.parse(/<pubDate>([^<]+)<\/pubDate>/.exec(item)![1]!));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(xml).not.toContain("draft-announcement");
  });
});

describe("the sitemap", () => {
  it("lists live posts and roles with lastmod, dates the legal pages by their documents, and leaves drafts out", async () => {
    const xml = String((await settle(() => sitemapLoader())).body);
    const entry = (path: string) => new RegExp(`<loc>${ORIGIN}${path}</loc>\\n\\s*<lastmod>([^<]+)</lastmod>`).exec(xml)?.[1];
    expect(entry("/newsroom/portfolio-manager-enters-beta")).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(entry("/careers/machine-learning-engineer")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(entry("/privacy")).toBe("2025-10-07");
    expect(entry("/terms")).toBe("2025-10-07");
    expect(entry("/cookies")).toBe("2025-10-07");
    expect(entry("/newsroom")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(xml).not.toContain("/newsroom/draft-announcement");
    expect(xml).not.toContain("preview");
    expect([...xml.matchAll(/<loc>[^<]*\/newsroom\/[^<]+<\/loc>/g)].length).toBeGreaterThanOrEqual(13);
  });
});

describe("site search", () => {
  it("finds a live post by a word of its body, a role and a legal section, and never a draft", async () => {
    await created(post({ title: "Field notes", slug: "field-notes", body: "We measured **quokkanomics** in the wild." }));
    await created(post({ title: "Unpublished notes", slug: "unpublished-notes", status: "draft", body: "Secret zebrafinch findings." }));
    const search = async (q: string) =>
      ((await settle(() => searchLoader(get(`/search?q=${encodeURIComponent(q)}`)))).body as { results: { url: string; title: string; pageLabel: string }[] }).results;

    expect(await search("quokkanomics")).toEqual([expect.objectContaining({ url: "/newsroom/field-notes", title: "Field notes", pageLabel: "Newsroom" })]);
    expect(await search("zebrafinch")).toEqual([]);
    expect((await search("machine learning engineer"))[0]).toMatchObject({ url: "/careers/machine-learning-engineer", pageLabel: "Careers" });
    expect((await search("liability greater"))[0]).toMatchObject({ url: "/terms#liability" });
    expect((await search("calibration"))[0]?.url).toBe("/newsroom/calibration-before-accuracy");
  });
});
