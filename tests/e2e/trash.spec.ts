// Runs with and without JavaScript (@nojs): the confirmations are dialogs with it, pages whose forms post natively without it.
import type { Browser, Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { useOperatorSession } from "./support/session";
import { LOCAL_ADMIN_EMAIL } from "./support/sign-in";
import { expectNotice, open, recordSurface, withJs } from "./support/admin-pages";

/**
 * The trash, with JavaScript (the confirmation is a dialog) and without it (the same routes as pages, forms
 * posting natively). The product carries the project's name.
 */

/** What a visitor (signed out) sees at `path`. */
async function visitorSees(browser: Browser, path: string, text: string): Promise<boolean> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(path);
    return (await page.getByText(text, { exact: true }).count()) > 0;
  } finally {
    await context.close();
  }
}

function trashRow(page: Page, name: string): Locator {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
}

test.beforeEach(async ({ page }) => {
  await useOperatorSession(page);
});

test("a deleted product waits in the trash and comes back from it, to the admin and the public site", { tag: "@nojs" }, async ({ page, browser }, testInfo) => {
  const js = withJs(testInfo);
  const name = `Trash Robo ${testInfo.project.name}`;

  await open(page, "/admin/products", js);
  await page.getByRole("link", { name: "Add Product" }).click();
  let surface = await recordSurface(page, js, "Add New Product");
  await surface.getByLabel("Product Name").fill(name);
  await surface.getByLabel("Description").fill("Pensions, kept safe.");
  await surface.getByLabel("URL").fill("https://example.com/trash-robo");
  await surface.getByLabel("Badge").selectOption({ label: "Live" });
  await surface.getByRole("button", { name: "Add Product" }).click();
  await expectNotice(page, "Product created successfully!");
  expect(await visitorSees(browser, "/platforms", name)).toBe(true);

  // Delete: SPEC's question, then where it goes.
  await page.getByRole("link", { name: `Delete ${name}` }).click();
  surface = await recordSurface(page, js, "Delete Product");
  await expect(surface.getByText(`Are you sure you want to delete the "${name}" product?`)).toBeVisible();
  await expect(surface.getByText("It goes to the trash, where it can be restored for 30 days.")).toBeVisible();
  await surface.getByRole("button", { name: "Delete" }).click();
  await expectNotice(page, "Product deleted successfully!");
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
  expect(await visitorSees(browser, "/platforms", name)).toBe(false);

  // The trash, from the sidebar.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Trash" }).click();
  await expect(page).toHaveURL(/\/admin\/trash$/);
  await expect(page.getByRole("heading", { name: "Trash", level: 1 })).toBeVisible();
  const row = trashRow(page, name);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").first()).toHaveText("Product");
  await expect(row).toContainText(LOCAL_ADMIN_EMAIL);
  await expect(row).toContainText("Today, ");
  await expectNoAxeViolations(page, "/admin/trash with a deleted product", [1280, 320]);

  await row.getByRole("button", { name: `Restore ${name}` }).click();
  await expectNotice(page, "Product restored.");
  await expect(trashRow(page, name)).toHaveCount(0);

  await open(page, "/admin/products", js);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card).toContainText("Pensions, kept safe.");
  await expect(card).toContainText("https://example.com/trash-robo");
  expect(await visitorSees(browser, "/platforms", name)).toBe(true);

  // Put things back as they were: delete it, and delete it permanently from the trash.
  await card.getByRole("link", { name: `Delete ${name}` }).click();
  surface = await recordSurface(page, js, "Delete Product");
  await surface.getByRole("button", { name: "Delete" }).click();
  await expectNotice(page, "Product deleted successfully!");
  await open(page, "/admin/trash", js);
  await trashRow(page, name).getByRole("link", { name: `Delete permanently ${name}` }).click();
  surface = await recordSurface(page, js, "Delete Permanently");
  await expect(surface.getByText(`Delete “${name}” permanently? This can't be undone.`)).toBeVisible();
  await surface.getByRole("button", { name: "Delete permanently" }).click();
  await expectNotice(page, `“${name}” deleted permanently.`);
  await expect(trashRow(page, name)).toHaveCount(0);
  expect(await visitorSees(browser, "/platforms", name)).toBe(false);
});
