// Issue 38's defects, each where it was seen. Runs with and without JavaScript (@nojs): wide Markdown at
// 320 px, the editor's button and its draft through an error, /favicon.ico; JavaScript only: focus in
// destructive dialogs, the unsaved-changes guards, the mobile menu's backdrop, the skip link before the banner.
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, hydrated, test } from "./support/fixtures";
import { open, withJs } from "./support/admin-pages";
import { useOperatorSession } from "./support/session";

const WIDE_TABLE = [
  "| Platform | Status | What it does | Who it is for | Where it runs |",
  "| --- | --- | --- | --- | --- |",
  "| Portfolio Manager | Live | Builds and rebalances portfolios across asset classes | Independent advisers | Browser |",
  "| Research Desk | Beta | Publishes research notes with the evidence behind them | Analysts and strategists | Browser |",
].join("\n");

async function makePost(page: Page, slug: string, body: string) {
  const made = await page.request.post("/api/admin/posts", {
    data: { title: `Wide blocks ${slug}`, slug, summary: "A table and a code block.", body, category: "news", status: "published" },
  });
  expect(made.status()).toBe(201);
  return ((await made.json()) as { id: number }).id;
}

test("a post's table and code block scroll in their own focusable region, never widening the page at 320 px", { tag: "@nojs" }, async ({ page }, testInfo) => {
  await useOperatorSession(page);
  const slug = `wide-blocks-${testInfo.project.name}-${Date.now()}`;
  const id = await makePost(page, slug, `## The platforms\n\n${WIDE_TABLE}\n\n\`\`\`\n${"const allocation = rebalance(portfolio, targets, { tolerance: 0.05 });".repeat(2)}\n\`\`\`\n`);
  try {
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(`/newsroom/${slug}`);
    if (withJs(testInfo)) await hydrated(page);
    const table = page.getByRole("region", { name: "Table 1" });
    const code = page.getByRole("region", { name: "Code 1" });
    await expect(table).toHaveAttribute("tabindex", "0");
    await expect(code).toHaveAttribute("tabindex", "0");
    // The table is wider than its box, which scrolls; the page does not.
    expect(await table.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // A keyboard reaches the box and scrolls it.
    await table.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => table.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
    await expectNoAxeViolations(page, "a post with a wide table and code at 320 px");
  } finally {
    await page.request.delete(`/api/admin/posts/${id}`);
  }
});

test("without JavaScript the editor's button reads true whatever the date, and an error keeps the draft", { tag: "@nojs-only" }, async ({ page }) => {
  await useOperatorSession(page);
  await open(page, "/admin/news/new", false);
  const button = page.getByRole("button", { name: "Publish or schedule", exact: true });
  await expect(button).toHaveAccessibleDescription("A future Publish at time schedules it; a blank or past time publishes it now.");
  await page.getByLabel("Summary").fill("Kept through the error.");
  await page.getByLabel("Body").fill("## Kept\n\nEvery word typed stays.");
  await page.getByLabel("Author").fill("Grace Hopper");
  await button.click();
  await expect(page.getByText("Title is required")).toBeVisible();
  await expect(page.getByLabel("Body")).toHaveValue("## Kept\n\nEvery word typed stays.");
  await expect(page.getByLabel("Summary")).toHaveValue("Kept through the error.");
  await expect(page.getByLabel("Author")).toHaveValue("Grace Hopper");
});

test("with JavaScript the editor's button follows the date as it is typed", async ({ page }) => {
  await useOperatorSession(page);
  await open(page, "/admin/news/new", true);
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
  await page.getByLabel("Publish at").fill("2099-01-01T09:00");
  await expect(page.getByRole("button", { name: "Schedule", exact: true })).toBeVisible();
});

test("a delete confirmation opens on Cancel: Enter twice from the list deletes nothing", async ({ page }) => {
  await useOperatorSession(page);
  await open(page, "/admin/products", true);
  const remove = page.getByRole("link", { name: /^Delete / }).first();
  const name = (await remove.textContent())!;
  await remove.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Delete Product" });
  await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
  await expect(dialog.getByRole("button", { name: "Delete product", exact: true })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("link", { name })).toHaveCount(1);
});

test("edits are not lost without a word: leaving the post editor and closing a dialog ask first", async ({ page }) => {
  await useOperatorSession(page);
  await open(page, "/admin/news/new", true);
  await page.getByLabel("Title").fill("Half-written");
  const asked: string[] = [];
  page.once("dialog", (question) => {
    asked.push(question.message());
    void question.dismiss();
  });
  await page.getByRole("link", { name: "Back to posts" }).click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toBe("You have unsaved changes. Leave this page and lose them?");
  await expect(page).toHaveURL(/\/admin\/news\/new$/);
  await expect(page.getByLabel("Title")).toHaveValue("Half-written");
  page.once("dialog", (question) => void question.accept());
  await page.getByRole("link", { name: "Back to posts" }).click();
  await expect(page).toHaveURL(/\/admin\/news$/);

  // A dialog: Escape with changes asks; kept open when the operator says no.
  await open(page, "/admin/stats", true);
  await page.getByRole("link", { name: "Add Statistic" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Statistic" });
  await dialog.getByLabel("Label").fill("Typed, not saved");
  page.once("dialog", (question) => {
    asked.push(question.message());
    void question.dismiss();
  });
  await page.keyboard.press("Escape");
  await expect.poll(() => asked.length).toBe(2);
  expect(asked[1]).toBe("You have unsaved changes. Close and lose them?");
  await expect(dialog.getByLabel("Label")).toHaveValue("Typed, not saved");
  page.once("dialog", (question) => void question.accept());
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
});

test("/favicon.ico is the site's icon, not a 404", { tag: "@nojs" }, async ({ page }) => {
  const icon = await page.request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
});

test("at 320 px the open menu dims the page under it", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto("/");
  await hydrated(page);
  await page.getByText("Menu", { exact: true }).click();
  const backdrop = page.locator("[data-menu-backdrop]");
  await expect(backdrop).toBeVisible();
  const box = (await backdrop.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(320);
  expect(box.y + box.height).toBeGreaterThanOrEqual(700);
  // At the foot of the screen the menu or its backdrop is on top, not the hero's text.
  expect(await page.evaluate(() => document.elementFromPoint(160, 690)?.closest("details") != null)).toBe(true);
});

test("the skip link stays the first tab stop while the cookie banner shows", async ({ page }) => {
  await page.goto("/about");
  await hydrated(page);
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("region", { name: "Cookie consent" }).locator(":focus")).toHaveCount(1);
});

test("role titles on /careers look like links", { tag: "@nojs" }, async ({ page }) => {
  await page.goto("/careers");
  const title = page.locator("article h3 a").first();
  expect(await title.evaluate((link) => getComputedStyle(link).textDecorationLine)).toContain("underline");
});
