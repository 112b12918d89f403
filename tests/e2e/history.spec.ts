// Runs with and without JavaScript (@nojs): the history's links and the restore's form, which posts natively without it.
import type { Browser, Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { useOperatorSession } from "./support/session";
import { expectNotice, open, withJs } from "./support/admin-pages";

/**
 * History in both projects (with JavaScript, and without it: links and a native form post): break the
 * hero, find the change in its history, compare, restore the version before it, and the home page is back.
 * The test puts the hero back as it found it.
 */

/** axe finds nothing, at the desktop width and at 320 px, where the page must not scroll sideways either. */
async function expectAccessible(page: Page, label: string) {
  await expectNoAxeViolations(page, label, [1280, 320]);
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: desktop.height });
  try {
    // Measured once the page has been laid out again at the new width.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${label} at 320 px` }).toBeLessThanOrEqual(320);
  } finally {
    await page.setViewportSize(desktop);
  }
}

async function homeHeading(browser: Browser): Promise<{ heading: Locator; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto("/");
  return { heading: visitor.getByRole("heading", { level: 1 }), close: () => context.close() };
}

test.beforeEach(async ({ page }) => {
  await useOperatorSession(page);
});

test("break the hero, compare in its history, restore the version before, and the home page is back", { tag: "@nojs" }, async ({ page, browser }, testInfo) => {
  const js = withJs(testInfo);
  const broken = `Broken by the history test (${testInfo.project.name})`;

  await open(page, "/admin/hero", js);
  const title = page.getByLabel("Title", { exact: true });
  const original = await title.inputValue();
  await title.fill(broken);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectNotice(page, "Hero content updated successfully!");
  const home = await homeHeading(browser);
  await expect(home.heading).toHaveText(broken);

  // The editor links to the history; the newest version is the break, and says which field it changed.
  await page.getByRole("link", { name: "History", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/hero\/history$/);
  await expect(page.getByRole("heading", { name: "Hero Section: history", level: 1 })).toBeVisible();
  const versions = page.getByRole("table", { name: "Versions of Hero Section, newest first" });
  const newest = versions.getByRole("row").nth(1);
  await expect(newest).toContainText("Current");
  await expect(newest.getByRole("cell").nth(1)).toHaveText("Title");
  const newestLink = newest.getByRole("link", { name: /^Version \d+$/ });
  const brokenVersion = Number((await newestLink.textContent())!.replace("Version ", ""));
  // (axe on the history list: careful-visitor.spec.ts's sweep of every admin screen.)

  // Its difference: the old title beside the broken one.
  await newestLink.click();
  await expect(page.getByRole("heading", { name: `Hero Section: version ${brokenVersion}`, level: 1 })).toBeVisible();
  const titleRow = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Title/ }) });
  await expect(titleRow.getByRole("cell").nth(0)).toHaveText(original);
  await expect(titleRow.getByRole("cell").nth(1)).toHaveText(broken);
  await expect(page.getByRole("link", { name: "Restore this version" })).toHaveCount(0);
  await expectAccessible(page, "version difference");

  // The version before it, restored after a confirmation.
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "History" }).click();
  await expect(page).toHaveURL(/\/admin\/hero\/history$/);
  await page.getByRole("link", { name: `Version ${brokenVersion - 1}`, exact: true }).click();
  await expect(page.getByRole("heading", { name: `Hero Section: version ${brokenVersion - 1}`, level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Restore this version" }).click();
  await expect(page.getByRole("heading", { name: `Restore version ${brokenVersion - 1}`, level: 1 })).toBeVisible();
  await expect(page.getByText(`Restore version ${brokenVersion - 1} of Hero Section? This writes its values as a new version; you can undo it from the history.`)).toBeVisible();
  await expectAccessible(page, "restore confirmation");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/admin\/hero\/history$/);
  await expectNotice(page, `Version ${brokenVersion - 1} restored.`);
  await expect(versions.getByRole("row").nth(1)).toContainText(`Restored version ${brokenVersion - 1}`);

  await home.heading.page().reload();
  await expect(home.heading).toHaveText(original);
  await home.close();

  // The dashboard's recent activity leads to the same history.
  await open(page, "/admin", js);
  await page.getByRole("region", { name: "Recent Activity" }).getByRole("link", { name: /hero content/ }).first().click();
  await expect(page).toHaveURL(/\/admin\/hero\/history$/);
});

test("each row of a list links to that record's history", { tag: "@nojs" }, async ({ page }, testInfo) => {
  const js = withJs(testInfo);
  for (const [list, heading] of [
    ["/admin/products", /^.+: history$/],
    ["/admin/news", /^.+: history$/],
  ] as const) {
    await open(page, list, js);
    const first = page.getByRole("link", { name: /^History .+/ }).first();
    const name = (await first.textContent())!.replace(/^History\s*/, "").trim();
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${list}/\\d+/history$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  }
});
