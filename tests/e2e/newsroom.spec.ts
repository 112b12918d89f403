// JavaScript only, but for the post's body (@nojs): reading and paging follow links and the statuses are the
// server's, the same without JavaScript.
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./support/fixtures";

/**
 * A visitor reads the newsroom (seeded with 13 posts, so two pages), pages through it, opens a post and
 * comes back.
 */

const pager = (page: Page) => page.getByRole("navigation", { name: "Newsroom pages" });

test("a visitor reads the newsroom, pages to older posts and back, and opens a post", async ({ page, baseURL }) => {
  expect((await page.goto("/newsroom"))?.status()).toBe(200);
  await hydrated(page);
  await expect(page.locator("h1")).toHaveText("News from Kestrel Insight");
  await expect(page.getByRole("heading", { level: 2 })).toContainText(["Latest news", "Product updates", "Partnerships", "Research notes", "Media kit"]);
  await expect(page.getByRole("heading", { name: "About Kestrel Insight", exact: true })).toBeVisible();
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/newsroom/feed.xml");
  await expect(pager(page).getByRole("link", { name: "Newer" })).toHaveCount(0);

  await pager(page).getByRole("link", { name: "Older" }).click();
  await expect(page).toHaveURL(`${baseURL}/newsroom?page=2`);
  await expect(page).toHaveTitle("Newsroom – page 2 | Kestrel Insight");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/newsroom?page=2`);
  await expect(page.getByRole("link", { name: "First public model accuracy report" })).toBeVisible();
  // Later pages are the posts alone: the press copy is on page 1.
  await expect(page.getByRole("heading", { name: "Media kit" })).toHaveCount(0);
  await expect(pager(page).getByRole("link", { name: "Older" })).toHaveCount(0);

  await pager(page).getByRole("link", { name: "Newer" }).click();
  await expect(page).toHaveURL(`${baseURL}/newsroom`);

  await page.getByRole("link", { name: "Portfolio Manager enters beta" }).click();
  await expect(page).toHaveURL(`${baseURL}/newsroom/portfolio-manager-enters-beta`);
  await expect(page.locator("h1")).toHaveText("Portfolio Manager enters beta");
  await expect(page).toHaveTitle("Portfolio Manager enters beta | Kestrel Insight");
  await expect(page.locator("main time")).toHaveText("24 June 2025");
  await expect(page.getByText("By Kestrel Insight Newsroom")).toBeVisible();
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link")).toHaveText(["Home", "Newsroom"]);
  await expect(crumbs.getByRole("link", { name: "Newsroom" })).toHaveAttribute("href", "/newsroom");
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText("Portfolio Manager enters beta");
  const graph = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as { "@graph": Record<string, unknown>[] };
  expect(graph["@graph"].find((node) => node["@type"] === "NewsArticle")).toMatchObject({
    headline: "Portfolio Manager enters beta",
    datePublished: "2025-06-24T12:00:00.000Z",
  });

  await page.getByRole("link", { name: "Back to the newsroom" }).click();
  await expect(page).toHaveURL(`${baseURL}/newsroom`);
});

test("a post's body shows whether the post is opened directly or by a link, and stays once the page is live @nojs", async ({ page }, testInfo) => {
  const body = page.locator("main [data-stored-body]");
  await page.goto("/newsroom/portfolio-manager-enters-beta");
  // A page loaded whole carries the body in its markup only; hydrating keeps it.
  if (testInfo.project.name === "js") await hydrated(page);
  await expect(body).toContainText("Places are offered from the waitlist.");
  if (testInfo.project.name !== "js") return;

  // Reached by links within the app, the body comes with the page's data.
  await page.getByRole("link", { name: "Back to the newsroom" }).click();
  await page.getByRole("link", { name: "Writer Program opens to applications" }).click();
  await expect(page.locator("h1")).toHaveText("Writer Program opens to applications");
  await expect(body).toContainText("must disclose their interests.");
  await page.goBack();
  await page.goBack();
  await expect(page.locator("h1")).toHaveText("Portfolio Manager enters beta");
  await expect(body).toContainText("Places are offered from the waitlist.");
});

test("a draft's address and a page past the end are not found", async ({ page }) => {
  expect((await page.goto("/newsroom/no-such-post"))?.status()).toBe(404);
  expect((await page.goto("/newsroom?page=99"))?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText(/not found/i);
});
