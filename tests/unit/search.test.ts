import { describe, expect, it } from "vitest";
import { pageList } from "~/content/pages";
import { defaultProducts } from "~/content/defaults";
import { defaultLegalDocuments, defaultPosts, defaultRoles } from "~/content/publishing-defaults";
import { LEGAL_DOCUMENT_PATHS } from "~/schemas/legal-document";
import {
  contentDocuments,
  productDocuments,
  publishedDocuments,
  queryTerms,
  searchDocuments,
  snippetFor,
  type SearchDocument,
} from "~/server/site/search.server";

const products = defaultProducts.map((product, index) => ({ ...product, id: index + 1 }));
// The seeded records, as the database holds them on a fresh start.
const published = publishedDocuments({
  posts: defaultPosts,
  roles: defaultRoles,
  legal: defaultLegalDocuments.map((document) => ({ path: LEGAL_DOCUMENT_PATHS[document.key], body: document.body })),
});
const documents = [...contentDocuments(), ...published, ...productDocuments(products)];

function marked(parts: { text: string; match: boolean }[]) {
  return parts.filter((part) => part.match).map((part) => part.text);
}

describe("the search index", () => {
  it("covers every public page", () => {
    const paths = new Set(contentDocuments().map((doc) => doc.url.split("#")[0]));
    for (const page of pageList) expect(paths).toContain(page.path);
  });

  it("anchors sections where the pages render them", () => {
    const urls = documents.map((doc) => doc.url);
    expect(urls).toContain("/research#forecasting");
    expect(urls).toContain("/careers/machine-learning-engineer");
    expect(urls).toContain("/newsroom/portfolio-manager-enters-beta");
    expect(urls).toContain("/about#our-values");
    expect(urls).toContain("/privacy#your-rights");
    expect(urls).toContain("/cookies#cookie-settings");
  });
});

describe("searchDocuments", () => {
  it("finds a page section by a word in its heading, best first", () => {
    const [first] = searchDocuments(documents, "interpretability");
    expect(first).toMatchObject({ url: "/research#interpretability", title: "Interpretability", pageLabel: "Research" });
  });

  it("needs every word, in any order and case", () => {
    const results = searchDocuments(documents, "LIABILITY greater");
    expect(results.length).toBeGreaterThan(0);
    expect(results[0]!.url).toBe("/terms#liability");
    expect(searchDocuments(documents, "liability zebra")).toEqual([]);
  });

  it("finds products by name, description and status, linking to their card on /platforms", () => {
    const [result] = searchDocuments(documents, "GBP stable");
    expect(result).toMatchObject({ url: "/platforms#product-8", title: "GBP Stable Currency", kind: "product" });
    const waitlist = searchDocuments(documents, "waitlist").filter((r) => r.kind === "product");
    expect(waitlist.map((r) => r.title)).toEqual(["Portfolio Manager"]);
  });

  it("matches at the start of words only", () => {
    const docs: SearchDocument[] = [
      { url: "/a", title: "Markup", pageLabel: "A", text: "We write html by hand.", kind: "page" },
      { url: "/b", title: "Models", pageLabel: "B", text: "Our ML models are tested.", kind: "page" },
    ];
    expect(searchDocuments(docs, "ml").map((r) => r.url)).toEqual(["/b"]);
    expect(searchDocuments(docs, "model").map((r) => r.url)).toEqual(["/b"]);
  });

  it("answers an empty or punctuation-only query with nothing", () => {
    expect(searchDocuments(documents, "")).toEqual([]);
    expect(searchDocuments(documents, "  ?!  ")).toEqual([]);
    expect(queryTerms("Forecast, forecast FORECAST")).toEqual(["forecast"]);
  });

  it("limits the number of results", () => {
    expect(searchDocuments(documents, "the", 5)).toHaveLength(5);
  });
});

describe("snippetFor", () => {
  it("shows the text around the first match and marks whole matching words", () => {
    const text = `${"Lorem words before the point. ".repeat(6)}Our forecasting models publish their accuracy. ${"More words after. ".repeat(10)}`;
    const parts = snippetFor(text, ["forecast", "accuracy"]);
    expect(marked(parts)).toEqual(["forecasting", "accuracy"]);
    const joined = parts.map((part) => part.text).join("");
    expect(joined.startsWith("…")).toBe(true);
    expect(joined.endsWith("…")).toBe(true);
    expect(joined.length).toBeLessThanOrEqual(185);
  });
});
