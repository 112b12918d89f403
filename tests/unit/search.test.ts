import { describe, expect, it } from "vitest";
import { pageList } from "~/content/pages";
import { END_MARK, prefixQuery, START_MARK } from "~/models/site-search.server";
import { contentDocuments, queryTerms, snippetParts } from "~/server/site/search.server";

describe("the pages' copy as search reads it", () => {
  it("covers every public page", () => {
    const paths = new Set(contentDocuments().map((doc) => doc.url.split("#")[0]));
    for (const page of pageList) expect(paths).toContain(page.path);
  });

  it("anchors sections where the pages render them", () => {
    const urls = contentDocuments().map((doc) => doc.url);
    expect(urls).toContain("/research#forecasting");
    expect(urls).toContain("/research#interpretability");
    expect(urls).toContain("/about#our-values");
    expect(urls).toContain("/cookies#cookie-settings");
  });

  it("gives every section its own address, so each is one row of page_sections", () => {
    const urls = contentDocuments().map((doc) => doc.url);
    expect(new Set(urls).size).toBe(urls.length);
  });
});

describe("the query", () => {
  it("is its words, once each, without case, accents or punctuation", () => {
    expect(queryTerms("Forecast, forecast FORECAST")).toEqual(["forecast"]);
    expect(queryTerms("Café-owner's ISA")).toEqual(["cafe", "owner", "s", "isa"]);
    expect(queryTerms("  ?!  ")).toEqual([]);
    expect(queryTerms("x".repeat(150))).toEqual(["x".repeat(100)]);
  });

  it("asks for every word as the start of a word", () => {
    expect(prefixQuery(["forecast", "ml"])).toBe("forecast:* & ml:*");
    // Nothing that to_tsquery would read as an operator gets through.
    expect(prefixQuery(["a&b", "c|d", "!e", "f:*", "(g)"])).toBe("ab:* & cd:* & e:* & f:* & g:*");
    expect(prefixQuery([])).toBe("");
  });
});

describe("an extract", () => {
  it("becomes parts with the matched words marked, spaces folded", () => {
    const headline = `Our ${START_MARK}forecasting${END_MARK} models publish\n their ${START_MARK}accuracy${END_MARK}.`;
    expect(snippetParts(headline)).toEqual([
      { text: "Our ", match: false },
      { text: "forecasting", match: true },
      { text: " models publish their ", match: false },
      { text: "accuracy", match: true },
      { text: ".", match: false },
    ]);
    expect(snippetParts("no match here")).toEqual([{ text: "no match here", match: false }]);
  });
});
