import type { MetaDescriptor } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { pageList, pages } from "~/content/pages";
import { handle as newsroomHandle } from "~/routes/_site.newsroom";
import { handle as platformsHandle } from "~/routes/_site.platforms";
import {
  brandOf,
  breadcrumbTrail,
  buildMeta,
  mergeMeta,
  pageTitle,
  serializeJsonLd,
  siteSeoFrom,
  sitePageMeta,
  structuredData,
  type SiteSeo,
} from "~/utils/seo";

const settings = {
  pageTitle: "Kestrel Insight | Data-driven investment software",
  metaDescription: "Site-wide description from the SEO settings.",
  keywords: "investment software, AI signals",
  organizationName: "Kestrel Insight Ltd",
  websiteUrl: "https://www.kestrelinsight.example",
  logoUrl: "https://www.kestrelinsight.example/logo.png",
  contactEmail: "hello@kestrelinsight.example",
  socialUrls: ["https://www.linkedin.com/company/kestrel-insight-example", "https://x.com/kestrel"],
};
const site: SiteSeo = siteSeoFrom(settings, "https://www.kestrelinsight.example/");

function find(tags: MetaDescriptor[], key: string, value: string) {
  return tags.find((tag) => (tag as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;
}

type Node = Record<string, unknown>;
function nodeOf(graph: { "@graph": Node[] }, type: string): Node | undefined {
  return graph["@graph"].find((node) => node["@type"] === type);
}

describe("titles and descriptions", () => {
  it("takes the brand from the operator's site title, or the company's short name", () => {
    expect(brandOf("Kestrel Insight | Data-driven investment software")).toBe("Kestrel Insight");
    expect(brandOf("Kestrel Insight - Investment tools")).toBe("Kestrel Insight");
    expect(brandOf("Kestrel")).toBe("Kestrel");
    expect(brandOf("")).toBe("Kestrel Insight");
  });

  it("gives the home page the site title and every other page '{title} | {brand}', all unique", () => {
    expect(pageTitle(site, pages["/"])).toBe(settings.pageTitle);
    expect(pageTitle(site, pages["/about"])).toBe("About the company, our mission and values | Kestrel Insight");
    const titles = pageList.map((page) => pageTitle(site, page));
    expect(new Set(titles).size).toBe(pageList.length);
  });

  it("uses each page's own description, and the site's on the home page", () => {
    expect(find(buildMeta(site, pages["/"]), "name", "description")?.content).toBe(settings.metaDescription);
    expect(find(buildMeta(site, pages["/careers"]), "name", "description")?.content).toBe(pages["/careers"].description);
  });
});

describe("buildMeta", () => {
  const tags = buildMeta(site, pages["/research"]);

  it("builds the canonical URL from the public origin", () => {
    expect(find(tags, "rel", "canonical")?.href).toBe("https://www.kestrelinsight.example/research");
    expect(find(buildMeta(site, pages["/"]), "rel", "canonical")?.href).toBe("https://www.kestrelinsight.example/");
  });

  it("has Open Graph and Twitter card tags matching the title and description", () => {
    const title = "Research: forecasting, interpretability and fairness | Kestrel Insight";
    expect(find(tags, "property", "og:title")?.content).toBe(title);
    expect(find(tags, "property", "og:url")?.content).toBe("https://www.kestrelinsight.example/research");
    expect(find(tags, "property", "og:site_name")?.content).toBe("Kestrel Insight");
    expect(find(tags, "property", "og:image")?.content).toBe(settings.logoUrl);
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary");
    expect(find(tags, "name", "twitter:title")?.content).toBe(title);
    expect(find(tags, "name", "keywords")?.content).toBe(settings.keywords);
    expect(find(tags, "name", "robots")?.content).toBe("index, follow");
  });

  it("keeps pages marked noindex out of search results", () => {
    const search = { path: "/search", label: "Search", title: "Search", description: "Search the site.", noindex: true };
    expect(find(buildMeta(site, search), "name", "robots")?.content).toBe("noindex, follow");
  });
});

describe("mergeMeta and sitePageMeta", () => {
  it("lets a child replace a parent's tag of the same kind and keeps the rest", () => {
    const merged = mergeMeta(
      [{ title: "Parent" }, { name: "keywords", content: "a, b" }, { property: "og:locale", content: "en_GB" }],
      [{ title: "Child" }, { name: "description", content: "Child description" }],
    );
    expect(merged).toEqual([
      { name: "keywords", content: "a, b" },
      { property: "og:locale", content: "en_GB" },
      { title: "Child" },
      { name: "description", content: "Child description" },
    ]);
  });

  it("builds a page's meta on top of the root's and the layout's, from the layout's data", () => {
    const meta = sitePageMeta(pages["/about"]);
    const parentTag = { name: "author", content: "Kestrel Insight Ltd" };
    const matches = [
      { id: "root", meta: [parentTag], data: {} },
      { id: "routes/_site", meta: [{ title: "Layout title" }, { name: "theme-color", content: "#0a1222" }], data: { site } },
      { id: "routes/_site.about", meta: [], data: undefined },
    ];
    const tags = meta({ matches, data: undefined, params: {}, location: {}, error: undefined } as never) as MetaDescriptor[];
    expect(tags.filter((tag) => "title" in tag)).toEqual([{ title: "About the company, our mission and values | Kestrel Insight" }]);
    expect(tags).toContainEqual(parentTag);
    expect(tags).toContainEqual({ name: "theme-color", content: "#0a1222" });
    expect(find(tags, "rel", "canonical")?.href).toBe("https://www.kestrelinsight.example/about");
  });
});

describe("structured data", () => {
  it("describes the organisation from the SEO schema settings, sameAs from the social URLs", () => {
    const organization = nodeOf(structuredData(site, pages["/about"]), "Organization");
    expect(organization).toMatchObject({
      name: "Kestrel Insight Ltd",
      url: "https://www.kestrelinsight.example",
      logo: settings.logoUrl,
      email: settings.contactEmail,
      sameAs: settings.socialUrls,
    });
  });

  it("has a WebSite whose SearchAction targets the search page", () => {
    const website = nodeOf(structuredData(site, pages["/"]), "WebSite");
    expect(website?.potentialAction).toEqual({
      "@type": "SearchAction",
      target: "https://www.kestrelinsight.example/search?q={search_term_string}",
      "query-input": "required name=search_term_string",
    });
  });

  it("lists the breadcrumbs Home > page, matching the visible trail", () => {
    const breadcrumbs = nodeOf(structuredData(site, pages["/about"]), "BreadcrumbList");
    expect(breadcrumbs?.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://www.kestrelinsight.example/" },
      { "@type": "ListItem", position: 2, name: "About Us", item: "https://www.kestrelinsight.example/about" },
    ]);
    expect(breadcrumbTrail(pages["/about"]).map((crumb) => crumb.label)).toEqual(["Home", "About Us"]);
  });

  it("dates the newsroom 2025-01-01, modified 2025-01-08, from the newsroom route's handle", () => {
    const { seo, structured } = newsroomHandle;
    const article = nodeOf(structuredData(site, seo, structured), "NewsArticle");
    expect(article).toMatchObject({ headline: pages["/newsroom"].title, datePublished: "2025-01-01", dateModified: "2025-01-08" });
    expect(find(buildMeta(site, seo, structured), "property", "og:type")?.content).toBe("article");
    expect(nodeOf(structuredData(site, pages["/about"]), "NewsArticle")).toBeUndefined();
  });

  it("offers the platform at 0 USD on /platforms", () => {
    const { seo, structured } = platformsHandle;
    const app = nodeOf(structuredData(site, seo, structured), "SoftwareApplication");
    expect(app).toMatchObject({ name: "Kestrel Markets", offers: { "@type": "Offer", price: "0", priceCurrency: "USD" } });
    expect(nodeOf(structuredData(site, pages["/careers"]), "SoftwareApplication")).toBeUndefined();
  });

  it("serialises so that nothing inside can end the script element", () => {
    const json = serializeJsonLd({ name: "</script><script>alert(1)</script> & more" });
    expect(json).not.toContain("<");
    expect(json).not.toContain(">");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script> & more" });
  });
});
