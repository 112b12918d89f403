import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "~db/client.server";
import { searchSourcesChanged } from "~/models/search-index.server";
import { setClock } from "~/models/clock.server";
import { updateMessageRetention } from "~/models/message-settings.server";
import { createPost, updatePost, type PostWrite } from "~/models/posts.server";
import { getProduct, updateProduct } from "~/models/products.server";
import { createRole, type RoleWrite } from "~/models/roles.server";
import { ensurePageSections, searchRecords } from "~/models/site-search.server";
import { loader as searchLoader } from "~/routes/_site.search";
import { SEARCH_EXCERPT_LENGTH } from "~/models/rendered-bodies.server";
import { getConfig, setConfig } from "~/server/config.server";
import {
  contentDocuments,
  SEARCH_PAGE_SIZE,
  searchSite,
  type SearchResult,
} from "~/server/site/search.server";

/**
 * Site search in the database (PostgreSQL's full-text search, the same SQL on PGlite): what a visitor
 * finds, in which order, linked where, with which words marked.
 */

const actor = { userId: null, email: "search@kestrelinsight.example" };

afterEach(() => setClock(null));

const urls = (results: SearchResult[]) => results.map((result) => result.url);
/** The first page of results. */
const firstPage = async (query: string) => (await searchSite(query)).items;
const marked = (result: SearchResult | undefined) =>
  result?.snippet.filter((part) => part.match).map((part) => part.text) ?? [];
const text = (result: SearchResult | undefined) => result?.snippet.map((part) => part.text).join("") ?? "";

function post(fields: Partial<PostWrite> & Pick<PostWrite, "title" | "slug">): PostWrite {
  return {
    summary: `Summary of ${fields.title}.`,
    body: `Body of ${fields.title}.`,
    category: "news",
    status: "published",
    publishAt: null,
    ...fields,
  };
}

async function addPost(fields: Partial<PostWrite> & Pick<PostWrite, "title" | "slug">) {
  const result = await createPost(post(fields), actor);
  if (!result.ok) throw new Error(`createPost: ${JSON.stringify(result)}`);
  return result.record;
}

const role: RoleWrite = {
  title: "Quantitative Researcher",
  slug: "quantitative-researcher",
  team: "Research",
  location: "London",
  employmentType: "full_time",
  summary: "Design the backtests behind our signals.",
  body: "## What you will do\n\n- Stress-test **stochastic** models\n",
  status: "published",
  publishAt: null,
  closesAt: null,
  displayOrder: 90,
};

describe("the public pages' copy", () => {
  it("finds a section by a word in its heading, first, at its anchor, with the word marked", async () => {
    const [first] = await firstPage("interpretability");
    expect(first).toMatchObject({
      url: "/research#interpretability",
      title: "Interpretability",
      pageLabel: "Research",
      kind: "page",
    });
    expect(marked(first).map((word) => word.toLowerCase())).toContain("interpretability");
  });

  it("needs every word, in any order and case", async () => {
    const results = await firstPage("LIABILITY greater");
    expect(results[0]?.url).toBe("/terms#liability");
    expect(await firstPage("liability zebra")).toEqual([]);
  });

  it("takes a word as the start of a word, with English stemming: 'interpret' and 'forecasting' find their pages", async () => {
    expect(urls(await firstPage("interpret"))).toContain("/research#interpretability");
    const forecasting = await firstPage("forecasting");
    expect(urls(forecasting)).toContain("/research#forecasting");
  });

  it("answers a query with no words, or only stop words, with nothing", async () => {
    expect(await firstPage("")).toEqual([]);
    expect(await firstPage("  ?!  ")).toEqual([]);
    expect(await firstPage("the of and")).toEqual([]);
  });

  it("answers a page of results at a time: every match counted, pages in rank order without overlap, past the end the last page", async () => {
    const all = await searchSite("kestrel", { size: 1000 });
    expect(all.total).toBeGreaterThan(6);
    expect(all.items).toHaveLength(all.total);
    const first = await searchSite("kestrel", { size: 3 });
    const second = await searchSite("kestrel", { page: 2, size: 3 });
    expect(first).toMatchObject({ total: all.total, page: 1, pageCount: Math.ceil(all.total / 3) });
    expect(first.items).toHaveLength(3);
    expect([...first.items, ...second.items]).toEqual(all.items.slice(0, 6));
    const past = await searchSite("kestrel", { page: 999, size: 3 });
    expect(past.page).toBe(past.pageCount);
    expect(past.items).toEqual(all.items.slice((past.pageCount - 1) * 3));
  });

  it("writes the pages' copy into the database when the code's copy changes", async () => {
    const sections = contentDocuments().map(({ url, title, pageLabel, text: body }) => ({
      url,
      title,
      pageLabel,
      body,
    }));
    await ensurePageSections([
      ...sections,
      { url: "/about#zeppelins", title: "Zeppelins", pageLabel: "About", body: "Airships over London." },
    ]);
    expect(
      (await searchRecords(["zeppelins"], { page: 1, size: 5 }, undefined, undefined, 30_000)).items.map(
        (hit) => hit.ref,
      ),
    ).toEqual(["/about#zeppelins"]);
    // The site's own copy again (what searchSite makes sure of before every search).
    expect(await firstPage("zeppelins")).toEqual([]);
    expect(
      (await searchRecords(["zeppelins"], { page: 1, size: 5 }, undefined, undefined, 30_000)).items,
    ).toEqual([]);
  });
});

describe("products", () => {
  it("are found by name, description and status, linked to their card on /platforms", async () => {
    const [result] = await firstPage("GBP stable");
    expect(result).toMatchObject({
      url: "/platforms#product-8",
      title: "GBP Stable Currency",
      kind: "product",
      pageLabel: "Platforms",
    });
    const waitlist = (await firstPage("waitlist")).filter((r) => r.kind === "product");
    expect(waitlist.map((r) => r.title)).toEqual(["Portfolio Manager"]);
  });

  it("follow an edit at once (the tsvector is generated by the database on write)", async () => {
    const product = (await getProduct(8))!;
    const { id: _id, createdAt: _c, updatedAt: _u, version, ...fields } = product;
    const renamed = await updateProduct(8, { ...fields, name: "Sterling Stable Coin" }, actor, version);
    expect(renamed.ok).toBe(true);
    expect(await firstPage("GBP Stable Currency")).toEqual([]);
    expect((await firstPage("sterling coin"))[0]).toMatchObject({
      url: "/platforms#product-8",
      title: "Sterling Stable Coin",
    });
  });
});

describe("what operators publish", () => {
  it("finds a live post at its page, its Markdown read as words; a draft or a scheduled post is not found until it is live", async () => {
    await addPost({
      title: "Dividend season notes",
      slug: "dividend-season-notes",
      body: "## Quarterly **heteroskedasticity** review\n\nSee [the method](https://example.com/xyzzy-method).",
    });
    const [found] = await firstPage("heteroskedasticity");
    expect(found).toMatchObject({
      url: "/newsroom/dividend-season-notes",
      title: "Dividend season notes",
      pageLabel: "Newsroom",
    });
    expect(marked(found).map((w) => w.toLowerCase())).toEqual(["heteroskedasticity"]);
    expect(text(found)).not.toMatch(/[*#\]]/);
    // A link's target is not a word of the post.
    expect(await firstPage("xyzzy")).toEqual([]);

    await addPost({ title: "Draft about quokkas", slug: "draft-quokkas", status: "draft" });
    const later = new Date(Date.now() + 3 * 86_400_000);
    await addPost({ title: "Scheduled note on wombats", slug: "scheduled-wombats", publishAt: later });
    expect(await firstPage("quokkas")).toEqual([]);
    expect(await firstPage("wombats")).toEqual([]);
    setClock(() => new Date(later.getTime() + 60_000));
    expect(urls(await firstPage("wombats"))).toEqual(["/newsroom/scheduled-wombats"]);
  });

  it("ranks a post with the words in its title above one that mentions them once in its body", async () => {
    await addPost({
      title: "Volatility targeting explained",
      slug: "volatility-targeting",
      body: "How we size positions.",
    });
    await addPost({
      title: "Quarterly letter",
      slug: "quarterly-letter-vol",
      body: "Among many topics, one line on volatility.",
    });
    const results = await firstPage("volatility");
    const order = urls(results).filter((url) => url.startsWith("/newsroom/"));
    expect(order.indexOf("/newsroom/volatility-targeting")).toBeLessThan(
      order.indexOf("/newsroom/quarterly-letter-vol"),
    );
    expect(order[0]).toBe("/newsroom/volatility-targeting");
  });

  it("follows a post unpublished", async () => {
    const created = await addPost({ title: "Note on marmosets", slug: "note-on-marmosets" });
    expect(urls(await firstPage("marmosets"))).toEqual(["/newsroom/note-on-marmosets"]);
    const { id, version, createdAt: _c, updatedAt: _u, publishedAt: _p, authorName: _a, ...fields } = created;
    const unpublished = await updatePost(id, { ...fields, status: "draft", publishAt: null }, actor, version);
    expect(unpublished.ok).toBe(true);
    expect(await firstPage("marmosets")).toEqual([]);
  });

  it("finds a live role at its page; a closed one is not found", async () => {
    const created = await createRole(role, actor);
    expect(created.ok).toBe(true);
    const [found] = await firstPage("stochastic");
    expect(found).toMatchObject({
      url: "/careers/quantitative-researcher",
      title: "Quantitative Researcher",
      pageLabel: "Careers",
    });
    const closed = await createRole(
      {
        ...role,
        title: "Closed role for numismatists",
        slug: "numismatists",
        closesAt: new Date(Date.now() - 60_000),
      },
      actor,
    );
    expect(closed.ok).toBe(true);
    expect(await firstPage("numismatists")).toEqual([]);
  });

  it("opens a legal document at the section the words are in, with the period messages are kept written in", async () => {
    const [found] = await firstPage("contact form messages deleted automatically");
    expect(found).toMatchObject({
      url: "/privacy#retention",
      title: "How long we keep it",
      pageLabel: "Privacy Policy",
    });
    expect(text(found)).toContain("24 months (2 years)");
    expect(text(found)).not.toContain("{{");
    const changed = await updateMessageRetention({ retentionMonths: 18 }, actor);
    expect(changed.ok).toBe(true);
    expect(text((await firstPage("contact form messages deleted automatically"))[0])).toContain("18 months");
  });
});

describe("the results page", () => {
  it("answers /search?q= with the results, and an over-long query cut to its first 100 characters", async () => {
    const answer = (await searchLoader({
      request: new Request("http://localhost:3000/search?q=interpretability"),
      params: {},
      context: {} as never,
    })) as {
      results: SearchResult[];
    };
    expect(answer.results[0]?.url).toBe("/research#interpretability");
  });

  it("answers &page= with that page of results, SEARCH_PAGE_SIZE at most, and says how many there are in all", async () => {
    const load = async (search: string) =>
      (await searchLoader({
        request: new Request(`http://localhost:3000/search?${search}`),
        params: {},
        context: {} as never,
      })) as {
        results: SearchResult[];
        total: number;
        page: number;
        pageCount: number;
      };
    const first = await load("q=kestrel");
    expect(first.total).toBeGreaterThan(SEARCH_PAGE_SIZE);
    expect(first.results).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first).toMatchObject({ page: 1, pageCount: Math.ceil(first.total / SEARCH_PAGE_SIZE) });
    const second = await load("q=kestrel&page=2");
    expect(second.page).toBe(2);
    expect(second.results.map((r) => r.url + r.title)).not.toContain(
      first.results[0]!.url + first.results[0]!.title,
    );
    // Not a page number: the first page.
    expect((await load("q=kestrel&page=two")).results).toEqual(first.results);
  });
});

describe("a search over long posts", () => {
  // ~99 KB, inside the 100,000-character limit: a word only at its very end, past the stored excerpt.
  const filler = "Liquidity premia shift as quarterly rebalancing flows meet thin order books. ".repeat(1280);
  const body = `Opening words about aardvarks and market structure.\n\n${filler}\n\nA closing remark on zymurgy.`;

  it("finds a post by a word far into its body, with an extract from its stored excerpt, never its whole body", async () => {
    expect(body.length).toBeGreaterThan(98_000);
    expect(body.length).toBeLessThanOrEqual(100_000);
    const created = await addPost({
      title: "Long read on order books",
      slug: "long-read-on-order-books",
      body,
    });
    expect(created.searchExcerpt.length).toBeLessThanOrEqual(SEARCH_EXCERPT_LENGTH);

    const [deep] = await firstPage("zymurgy");
    expect(deep?.url).toBe("/newsroom/long-read-on-order-books");
    // The word is past the excerpt: the extract is the excerpt's start, with nothing marked.
    expect(text(deep)).not.toContain("zymurgy");
    expect(text(deep)).toContain("Summary of Long read on order books.");
    expect(marked(deep)).toEqual([]);
    expect(text(deep).length).toBeLessThan(400);

    const [early] = await firstPage("aardvarks");
    expect(early?.url).toBe("/newsroom/long-read-on-order-books");
    expect(marked(early)).toEqual(["aardvarks"]);
    expect(text(early).length).toBeLessThan(400);
  });
});

describe("the time a search may take", () => {
  it("answers a search past its time cap with the search page saying so, 503 and Retry-After, never stored", async () => {
    // A write announced while the database is held by another transaction: the index cannot catch up in time
    // (everything else the page reads is cached by the search before).
    await firstPage("kestrel");
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = getDb().transaction(async (tx) => {
      await tx.execute(sql`lock table posts in access exclusive mode`);
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isLocked;
    searchSourcesChanged();
    const config = getConfig();
    setConfig({ ...config, limits: { ...config.limits, searchTimeoutMs: 50 } });
    try {
      const answer = (await searchLoader({
        request: new Request("http://localhost:3000/search?q=kestrel"),
        params: {},
        context: {} as never,
      })) as {
        data: { query: string; results: SearchResult[]; busy: boolean };
        init: ResponseInit;
      };
      expect(answer.init.status).toBe(503);
      const headers = new Headers(answer.init.headers);
      expect(headers.get("Retry-After")).toBe("5");
      expect(headers.get("Cache-Control")).toBe("no-store");
      expect(answer.data).toEqual({
        query: "kestrel",
        results: [],
        total: 0,
        page: 1,
        pageCount: 1,
        from: 1,
        busy: true,
      });
    } finally {
      setConfig(config);
      release();
      await holding;
    }
    // With the usual cap, the same search is answered.
    const answer = (await searchLoader({
      request: new Request("http://localhost:3000/search?q=kestrel"),
      params: {},
      context: {} as never,
    })) as {
      results: SearchResult[];
      busy: boolean;
    };
    expect(answer.busy).toBe(false);
    expect(answer.results.length).toBeGreaterThan(0);
  });
});
