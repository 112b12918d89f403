// JavaScript only: the server's pages, links and headers, the same without JavaScript; runs with and without it (@nojs): the search form, and the widths (the <noscript> banner is in the page).
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, hydrated, test } from "./support/fixtures";
import { useOperatorSession } from "./support/session";

/** Every public page: path, h1 and the breadcrumb label (SPEC 2). */
const PAGES = [
  { path: "/", h1: "Investment intelligence you can check for yourself", crumb: "Home" },
  { path: "/about", h1: "Clearer investment tools, built on evidence", crumb: "About Us" },
  { path: "/platforms", h1: "One set of data and models, several platforms", crumb: "Platforms" },
  { path: "/research", h1: "Research that ships, and is measured after it does", crumb: "Research" },
  { path: "/investors", h1: "Building accountable investment software for the UK", crumb: "Investors" },
  { path: "/newsroom", h1: "News from Kestrel Insight", crumb: "Newsroom" },
  { path: "/careers", h1: "Help build investment tools people can trust", crumb: "Careers" },
  { path: "/privacy", h1: "Privacy Policy", crumb: "Privacy Policy" },
  { path: "/terms", h1: "Terms of Service", crumb: "Terms of Service" },
  { path: "/cookies", h1: "Cookie Policy", crumb: "Cookie Policy" },
] as const;

type JsonLdNode = Record<string, unknown>;

async function structuredData(page: Page): Promise<JsonLdNode[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks.length).toBeGreaterThan(0);
  return blocks.flatMap((text) => {
    const parsed = JSON.parse(text) as { "@graph"?: JsonLdNode[] } & JsonLdNode;
    return parsed["@graph"] ?? [parsed];
  });
}

function ofType(nodes: JsonLdNode[], type: string): JsonLdNode | undefined {
  return nodes.find((node) => node["@type"] === type);
}

for (const entry of PAGES) {
  // (axe on these pages: careful-visitor.spec.ts's sweep, in both projects.)
  test(`${entry.path}: status, one h1, title, breadcrumbs and JSON-LD`, async ({ page, baseURL }) => {
    const response = await page.goto(entry.path);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("h1")).toHaveText(entry.h1);
    await expect(page).toHaveTitle(
      entry.path === "/" ? "Kestrel Insight | Data-driven investment software" : /\| Kestrel Insight$/,
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{100,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      entry.path === "/" ? `${baseURL}/` : `${baseURL}${entry.path}`,
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", await page.title());
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toHaveAttribute("href", "#main");
    await expect(page.getByRole("main")).toHaveCount(1);

    if (entry.path !== "/") {
      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
      await expect(crumbs.locator('[aria-current="page"]')).toHaveText(entry.crumb);
    }

    const nodes = await structuredData(page);
    expect(ofType(nodes, "Organization")).toMatchObject({
      name: "Kestrel Insight Ltd",
      sameAs: [expect.stringContaining("linkedin.com")],
    });
    expect(ofType(nodes, "WebSite")?.potentialAction).toMatchObject({
      "@type": "SearchAction",
      target: `${baseURL}/search?q={search_term_string}`,
    });
    const trail = ofType(nodes, "BreadcrumbList")?.itemListElement as { name: string }[];
    expect(trail.map((item) => item.name)).toEqual(entry.path === "/" ? ["Home"] : ["Home", entry.crumb]);
    if (entry.path === "/newsroom") {
      expect(ofType(nodes, "NewsArticle")).toMatchObject({
        datePublished: "2025-01-01",
        dateModified: "2025-01-08",
      });
    }
    if (entry.path === "/platforms") {
      expect(ofType(nodes, "SoftwareApplication")?.offers).toMatchObject({
        price: "0",
        priceCurrency: "USD",
      });
    }
  });
}

test("no page scrolls sideways, from 360 to 1440 pixels wide", { tag: "@nojs" }, async ({ page }) => {
  // Each page is loaded once and resized: no page's markup depends on the width it was loaded at.
  for (const entry of PAGES) {
    await page.goto(entry.path);
    for (const width of [360, 768, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${entry.path} at ${width}px`).toBeLessThanOrEqual(0);
    }
  }
});

test("the home page has its sections in SPEC's order, and the platform list is reachable by keyboard", async ({
  page,
}) => {
  await page.goto("/");
  const headings = await page.locator("main h2").allTextContents();
  expect(headings).toEqual([
    "About Kestrel Insight",
    "What we build",
    "Kestrel Markets",
    "Leadership",
    "Why now",
    "For partners",
    "Read our whitepaper",
    "Our platforms",
  ]);
  await expect(page.locator("dt", { hasText: "Company number" })).toBeVisible();
  const carousel = page.getByRole("region", { name: /Platform cards/ });
  await expect(carousel.locator("article")).toHaveCount(8);
  await expect(carousel).toHaveAttribute("tabindex", "0");
  await expect(carousel.getByText("Live", { exact: true })).toHaveCount(1);
  await expect(carousel.getByText("Waitlist", { exact: true })).toHaveCount(1);
  await expect(carousel.getByText("Coming Soon", { exact: true })).toHaveCount(6);
  await carousel.focus();
  await expect(carousel).toBeFocused();
  await expect(page.getByRole("link", { name: "Partner with us" })).toHaveAttribute(
    "href",
    "/contact?subject=General%20Inquiry",
  );
  const explore = page
    .getByRole("banner")
    .getByRole("link", { name: /Explore Kestrel Markets/ })
    .first();
  await expect(explore).toHaveAttribute("target", "_blank");
  await expect(explore).toHaveAttribute("rel", "noopener noreferrer");
});

test("/platforms groups the products by status, with Open links for live and beta", async ({ page }) => {
  await page.goto("/platforms");
  const group = (name: string) =>
    page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });
  await expect(group("Live").locator("article h3")).toHaveText(["Trading"]);
  await expect(group("Beta (Waitlist)").locator("article h3")).toHaveText(["Portfolio Manager"]);
  await expect(group("Coming Soon").locator("article h3")).toHaveText([
    "Finance API",
    "P2P Exchange & Lending",
    "Whistleblower Exchange",
    "Fractional Real Estate Investing",
    "AI Insurance Platform",
    "GBP Stable Currency",
  ]);
  await expect(group("Coming Soon").getByRole("link", { name: /^Open/ })).toHaveCount(0);
  const open = group("Live").getByRole("link", { name: /^Open Trading/ });
  await expect(open).toHaveAttribute("target", "_blank");
});

test("the footer has SPEC's columns, the contact link, cookie settings and the company disclosure", async ({
  page,
}) => {
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  for (const [name, href] of [
    ["Privacy Policy", "/privacy"],
    ["Terms of Service", "/terms"],
    ["Cookie Policy", "/cookies"],
    ["About Us", "/about"],
    ["Careers", "/careers"],
    ["Newsroom", "/newsroom"],
    ["Investors", "/investors"],
    ["Overview", "/platforms"],
    ["Research", "/research"],
    ["Cookie settings", "/cookies#cookie-settings"],
  ]) {
    await expect(footer.getByRole("link", { name: name!, exact: true })).toHaveAttribute("href", href!);
  }
  await expect(footer.getByRole("link", { name: "hello@kestrelinsight.example" })).toHaveAttribute(
    "href",
    "/contact",
  );
  await expect(footer.getByRole("link", { name: /^LinkedIn/ })).toHaveAttribute("target", "_blank");
  await expect(footer).toContainText(
    `© ${new Date().getFullYear()} Kestrel Insight Ltd. All rights reserved.`,
  );
  await expect(footer).toContainText(
    "Kestrel Insight Ltd. Registered in England and Wales. Company number 14829361.",
  );
  await expect(footer).toContainText(
    "Registered office: Unit 4, Larkspur Yard, 118 Curtain Road, London, EC2A 3AY, United Kingdom.",
  );
});

test("on a small screen the menu opens and leads to a page", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/");
  await hydrated(page);
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await expect(menu).toBeHidden();
  await page.getByText("Menu", { exact: true }).click();
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Careers" }).click();
  await expect(page).toHaveURL(/\/careers$/);
  await expect(page.locator("h1")).toHaveText("Help build investment tools people can trust");
});

test("legal pages link to each other, and the cookie policy lists the cookies and has cookie settings", async ({
  page,
}) => {
  await page.goto("/terms");
  await expect(page.getByRole("main").getByRole("link", { name: "Privacy Policy" }).first()).toHaveAttribute(
    "href",
    "/privacy",
  );
  await expect(page.getByRole("main").getByRole("link", { name: "Cookie Policy" }).first()).toHaveAttribute(
    "href",
    "/cookies",
  );
  await expect(page.getByRole("main")).toContainText("07 October 2025");
  await page.goto("/cookies");
  const table = page.getByRole("table");
  await expect(table.getByRole("rowheader", { name: "kestrel_consent", exact: true })).toBeVisible();
  await expect(table.getByRole("rowheader", { name: "_ga", exact: true })).toBeVisible();
  await expect(
    page.locator("#cookie-settings").getByRole("heading", { name: "Cookie settings" }),
  ).toBeVisible();
});

test("careers: four roles, each with an Apply link to the contact dialog with Career Inquiry and the role", async ({
  page,
}) => {
  await page.goto("/careers");
  const apply = page.getByRole("link", { name: /^Apply for the/ });
  await expect(apply).toHaveCount(4);
  for (const role of [
    "Full-Stack Engineer",
    "Machine Learning Engineer",
    "Product Designer",
    "Community & Growth Lead",
  ]) {
    await expect(page.getByRole("link", { name: `Apply for the ${role} role` })).toHaveAttribute(
      "href",
      `/contact?subject=Career%20Inquiry&role=${encodeURIComponent(role)}`,
    );
  }
});

test("an unknown path gets the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/this/page/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText("404 Page Not Found");
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  await expect(page).toHaveTitle(/^404 Page Not Found/);
  // (axe on the not-found page: careful-visitor.spec.ts's sweep, at /no-such-page.)
});

test("a signed-out visitor asking for an admin page gets the same not-found page", async ({ page }) => {
  const response = await page.goto("/admin/products");
  expect(response?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText("404 Page Not Found");
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});

test("search finds a page and links to it", { tag: "@nojs" }, async ({ page, javaScriptEnabled }) => {
  await page.goto("/search");
  if (javaScriptEnabled) await hydrated(page);
  await page.getByLabel("Search the site").fill("Work with our lab");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=Work\+with\+our\+lab$/);
  const result = page.getByRole("link", { name: "Work with our lab" });
  await expect(result).toHaveAttribute("href", "/research#work-with-our-lab");
  await result.click();
  await expect(page).toHaveURL(/\/research#work-with-our-lab$/);
  await expect(page.getByRole("heading", { level: 2, name: "Work with our lab" })).toBeVisible();
  await page.goto("/search?q=zzzz+qqqq");
  await expect(page.getByRole("status")).toContainText("No results");
  await expectNoAxeViolations(page);
});

test(
  "search results come ten a page, with links to the next and previous pages",
  { tag: "@nojs" },
  async ({ page, javaScriptEnabled }) => {
    await page.goto("/search?q=kestrel");
    if (javaScriptEnabled) await hydrated(page);
    await expect(page.getByRole("status")).toHaveText(/^\d+ results for “kestrel”, 1–10 shown$/);
    const results = page
      .getByRole("region", { name: "Results" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect(results).toHaveCount(10);
    const firstTitle = await results.first().getByRole("heading").textContent();
    const pages = page.getByRole("navigation", { name: "Search results pages" });
    await expect(pages.getByRole("link", { name: "Previous" })).toHaveCount(0);
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/search\?q=kestrel&page=2$/);
    await expect(page.getByRole("status")).toHaveText(/, 11–\d+ shown$/);
    await expect(results.first().getByRole("heading")).not.toHaveText(firstTitle!);
    await expect(pages).toContainText(/Page 2 of \d+/);
    await expectNoAxeViolations(page);
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/search\?q=kestrel$/);
    await expect(results.first().getByRole("heading")).toHaveText(firstTitle!);
  },
);

test("the sitemap lists every public page and robots.txt keeps crawlers out of /admin and /api", async ({
  request,
  baseURL,
}) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const entry of PAGES)
    expect(xml).toContain(`<loc>${baseURL}${entry.path === "/" ? "/" : entry.path}</loc>`);
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain("Disallow: /admin");
  expect(text).toContain("Disallow: /api");
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("the whitepaper downloads as an attachment and opens inline in a new tab", async ({ page, request }) => {
  await page.goto("/");
  const download = page.getByRole("link", { name: /Download PDF/ });
  const view = page.getByRole("link", { name: /View in browser/ });
  await expect(view).toHaveAttribute("target", "_blank");
  const attachment = await request.get((await download.getAttribute("href"))!);
  expect(attachment.headers()["content-type"]).toBe("application/pdf");
  expect(attachment.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.pdf"$/);
  const inline = await request.get((await view.getAttribute("href"))!);
  expect(inline.headers()["content-type"]).toBe("application/pdf");
  expect(inline.headers()["content-disposition"] ?? "inline").not.toContain("attachment");
  expect((await inline.body()).subarray(0, 5).toString()).toBe("%PDF-");
});

test("a signed-in operator gets the operator home at /, the public home on ?view=public, never cached", async ({
  page,
}) => {
  await useOperatorSession(page);
  const response = await page.goto("/");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.locator("h1")).toHaveText("Welcome back, Ada");
  for (const href of [
    "/admin",
    "/admin/hero",
    "/admin/stats",
    "/admin/products",
    "/admin/menus",
    "/admin/seo",
    "/admin/messages",
  ]) {
    await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
  }
  await page.getByRole("link", { name: "View the public home page" }).click();
  await expect(page).toHaveURL(/\/\?view=public$/);
  await expect(page.locator("h1")).toHaveText("Investment intelligence you can check for yourself");
  const about = await page.goto("/about");
  expect(about?.headers()["cache-control"]).toBe("private, no-store");
});
