// Runs with and without JavaScript (@nojs): the editor is a dialog with it and a page whose form posts natively without it.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, hydrated, test } from "./support/fixtures";
import { useOperatorSession } from "./support/session";
import { withJs } from "./support/admin-pages";

/**
 * A save from a stale copy, with JavaScript and without: the editor keeps what the operator typed and shows
 * a merge panel (their value beside the current one, per field, both-changed fields marked); choosing per
 * field and saving again saves exactly that merge.
 */

test.beforeEach(async ({ page }) => {
  await useOperatorSession(page);
});

interface ProductJson {
  id: number;
  name: string;
  description: string;
  url: string;
  badge: string | null;
  displayOrder: number;
  version: number;
}

async function createProduct(request: APIRequestContext, name: string): Promise<ProductJson> {
  const response = await request.post("/api/admin/products", {
    data: { name, description: "The original words.", url: "/platforms", badge: "live", displayOrder: 90 },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as ProductJson;
}

/** The editor: a dialog over the list with JavaScript, the list's page with the form on it without. */
async function editorSurface(page: Page, js: boolean): Promise<Locator> {
  if (js) {
    const dialog = page.getByRole("dialog", { name: "Edit Product" });
    await expect(dialog).toBeVisible();
    return dialog;
  }
  await expect(page.getByRole("heading", { name: "Edit Product", level: 2 })).toBeVisible();
  return page.locator("main");
}

test("a stale product save shows both values per field, and saves the merge chosen", { tag: "@nojs" }, async ({ page, browser }, testInfo) => {
  const js = withJs(testInfo);
  const name = `Merge e2e ${testInfo.project.name} ${Date.now().toString(36)}`;
  const product = await createProduct(page.request, name);

  await page.goto(`/admin/products/${product.id}/edit`);
  if (js) await hydrated(page);
  let editor = await editorSurface(page, js);

  // Another operator changes the words and the badge meanwhile.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await useOperatorSession(otherPage);
  const changed = await otherPage.request.put(`/api/admin/products/${product.id}`, {
    data: { name, description: "Their words.", url: "/platforms", badge: "beta", displayOrder: 90 },
  });
  expect(changed.status()).toBe(200);
  await other.close();

  await editor.getByLabel("Product Name").fill(`${name} (mine)`);
  await editor.getByLabel("Description").fill("My words.");
  await editor.getByRole("button", { name: "Update Product" }).click();

  editor = await editorSurface(page, js);
  const message = editor.getByRole("alert").filter({ hasText: "while you were editing" });
  await expect(message).toBeVisible();
  const panel = editor.getByRole("group", { name: "Your values and the current ones" });
  await expect(panel).toBeVisible();
  // With JavaScript focus moves to the message, as for any refused save.
  if (js) await expect(message).toBeFocused();

  // What was typed is still in the form.
  await expect(editor.getByLabel("Product Name")).toHaveValue(`${name} (mine)`);
  await expect(editor.getByLabel("Description")).toHaveValue("My words.");

  const nameChoice = panel.getByRole("group", { name: /^Product Name/ });
  const words = panel.getByRole("group", { name: /^Description/ });
  const badge = panel.getByRole("group", { name: /^Badge/ });
  await expect(words).toContainText("Changed by both");
  await expect(words).toContainText("Your value");
  await expect(words).toContainText("My words.");
  await expect(words).toContainText("Current value");
  await expect(words).toContainText("Their words.");
  await expect(nameChoice).not.toContainText("Changed by both");
  await expect(nameChoice.getByLabel("Keep mine")).toBeChecked();
  await expect(words.getByLabel("Keep mine")).toBeChecked();
  // Only the other operator changed the badge: their value is the default, read as the select's label.
  await expect(badge).toContainText("Beta (waitlist)");
  await expect(badge.getByLabel("Use current")).toBeChecked();

  // Without JavaScript the merge panel is the answer to the post: axe checks the page as it is.
  await expectNoAxeViolations(page, "the merge panel");

  // Their words, my name, their badge.
  await words.getByLabel("Use current").check();
  await editor.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Product updated successfully!", { exact: true }).first()).toBeVisible();

  await page.goto(`/admin/products/${product.id}/edit`);
  if (js) await hydrated(page);
  editor = await editorSurface(page, js);
  await expect(editor.getByLabel("Product Name")).toHaveValue(`${name} (mine)`);
  await expect(editor.getByLabel("Description")).toHaveValue("Their words.");
  await expect(editor.getByLabel("Badge")).toHaveValue("beta");
  await expect(editor.getByRole("group", { name: "Your values and the current ones" })).toHaveCount(0);

  expect((await page.request.delete(`/api/admin/products/${product.id}`)).status()).toBe(204);
});
