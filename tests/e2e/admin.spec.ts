// Runs with and without JavaScript (@nojs): the record forms (dialogs with it, pages posting natively without), hero, SEO tabs, stale saves; @nojs-only: the SEO tabs' drafts and the Schema tab's offer; JavaScript only: Escape, the ended-session notice, the 404.
import type { Browser, Locator, Page } from "@playwright/test";
import { expect, settled, test } from "./support/fixtures";
import { useOperatorSession } from "./support/session";
import { LOCAL_ADMIN_EMAIL } from "./support/sign-in";
import { expectNotice, open, recordSurface, withJs } from "./support/admin-pages";
import { expectNoAxeViolations } from "./support/axe";

/**
 * The admin in both projects: with JavaScript (dialogs, tabs, Conform checks first) and without it
 * (the same routes as pages, forms posting natively). A file's tests share their worker's server, so every
 * record a test makes carries the project's name, and whatever a test changes on the public site it puts back.
 */

/**
 * Clicks a submit button and waits for the post's answer and, with JavaScript, for the page to take it in
 * (a notice with the same words may still be showing from the save before).
 */
async function submit(page: Page, button: Locator, js: boolean) {
  const posted = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin"));
  await button.click();
  await posted;
  if (js) await settled(page);
}

/** The public site as a visitor sees it (a signed-in operator gets a different home page). */
async function visitorPage(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** A record's row or card in a list, found by its visible name. */
function rowOf(page: Page, name: string): Locator {
  return page.getByRole("listitem").filter({ has: page.getByRole("link", { name: `Edit ${name}` }) });
}

test.beforeEach(async ({ page }) => {
  await useOperatorSession(page);
});

test("statistics: create, edit and delete", { tag: "@nojs" }, async ({ page }, testInfo) => {
  const js = withJs(testInfo);
  const label = `Countries served ${testInfo.project.name}`;
  await open(page, "/admin/stats", js);
  await page.getByRole("link", { name: "Add Statistic" }).click();
  let surface = await recordSurface(page, js, "Add New Statistic");
  const order = await surface.getByLabel("Display Order").inputValue();
  expect(Number(order)).toBeGreaterThan(0);
  await surface.getByLabel("Label").fill(label);
  await surface.getByLabel("Value").fill("12");
  await surface.getByRole("button", { name: "Add Statistic" }).click();
  await expectNotice(page, "Statistic created successfully!");
  await expect(page).toHaveURL(/\/admin\/stats$/);
  await expect(rowOf(page, label)).toContainText("12");

  await page.getByRole("link", { name: `Edit ${label}` }).click();
  surface = await recordSurface(page, js, "Edit Statistic");
  await expect(surface.getByLabel("Value")).toHaveValue("12");
  await surface.getByLabel("Value").fill("14");
  await surface.getByRole("button", { name: "Update Statistic" }).click();
  await expectNotice(page, "Statistic updated successfully!");
  await expect(rowOf(page, label)).toContainText("14");

  await page.getByRole("link", { name: `Delete ${label}` }).click();
  surface = await recordSurface(page, js, "Delete Statistic");
  await expect(surface.getByText(`Are you sure you want to delete the "${label}" statistic?`)).toBeVisible();
  await surface.getByRole("button", { name: "Delete" }).click();
  await expectNotice(page, "Statistic deleted successfully!");
  await expect(rowOf(page, label)).toHaveCount(0);
});

test("products: create, edit and delete; a validation message shows under its field", { tag: "@nojs" }, async ({ page }, testInfo) => {
  const js = withJs(testInfo);
  const name = `Robo Pensions ${testInfo.project.name}`;
  await open(page, "/admin/products", js);
  await page.getByRole("link", { name: "Add Product" }).click();
  let surface = await recordSurface(page, js, "Add New Product");
  await expect(surface.getByLabel("Product Name")).toHaveAttribute("placeholder", "e.g., New Platform");

  // Submitted empty: each required field says so right under itself.
  await surface.getByRole("button", { name: "Add Product" }).click();
  const nameField = surface.getByLabel("Product Name");
  await expect(nameField).toHaveAttribute("aria-invalid", "true");
  await expect(nameField).toHaveAccessibleDescription("Name is required");
  await expect(surface.getByText("Description is required")).toBeVisible();
  await expect(surface.getByText("URL is required")).toBeVisible();

  surface = await recordSurface(page, js, "Add New Product");
  await surface.getByLabel("Product Name").fill(name);
  await surface.getByLabel("Description").fill("Pensions, explained.");
  await surface.getByLabel("URL").fill("https://example.com/pensions");
  await surface.getByLabel("Badge").selectOption({ label: "Beta (waitlist)" });
  await surface.getByRole("button", { name: "Add Product" }).click();
  await expectNotice(page, "Product created successfully!");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card).toContainText("Beta (waitlist)");
  await expect(card).toContainText("https://example.com/pensions");

  await card.getByRole("link", { name: `Edit ${name}` }).click();
  surface = await recordSurface(page, js, "Edit Product");
  await surface.getByLabel("Badge").selectOption({ label: "Live" });
  await surface.getByLabel("Description").fill("Pensions, explained simply.");
  await surface.getByRole("button", { name: "Update Product" }).click();
  await expectNotice(page, "Product updated successfully!");
  await expect(card).toContainText("Pensions, explained simply.");
  await expect(card).toContainText("Live");

  await card.getByRole("link", { name: `Delete ${name}` }).click();
  surface = await recordSurface(page, js, "Delete Product");
  await expect(surface.getByText(`Are you sure you want to delete the "${name}" product?`)).toBeVisible();
  await surface.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Product deleted successfully!", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name })).toHaveCount(0);

  // The toast's Undo brings it back from the trash, to the same list.
  await page.getByRole("button", { name: `Undo the delete of ${name}` }).click();
  await expectNotice(page, "Product restored.");
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await card.getByRole("link", { name: `Delete ${name}` }).click();
  surface = await recordSurface(page, js, "Delete Product");
  await surface.getByRole("button", { name: "Delete" }).click();
  await expectNotice(page, "Product deleted successfully!");
});

test("menu items: create, edit and delete, and the footer shows the item meanwhile", { tag: "@nojs" }, async ({ page, browser }, testInfo) => {
  const js = withJs(testInfo);
  const label = `Status ${testInfo.project.name}`;
  await open(page, "/admin/menus", js);
  await page.getByRole("link", { name: "Add Menu Item" }).click();
  let surface = await recordSurface(page, js, "Add New Menu Item");
  await expect(surface.getByLabel("Is Active")).toBeChecked();
  await expect(surface.getByLabel("Open in New Tab")).not.toBeChecked();
  await expect(surface.getByLabel("Parent ID (optional)")).toHaveAccessibleDescription("For nested menus");
  await surface.getByLabel("Menu Type").selectOption({ label: "Footer" });
  await surface.getByLabel("Label").fill(label);
  await surface.getByLabel("URL").fill("/about");
  await surface.getByLabel("Parent ID (optional)").fill("99999");
  await surface.getByRole("button", { name: "Add Menu Item" }).click();
  await expect(surface.getByText("Parent ID must name an existing Footer menu item")).toBeVisible();
  surface = await recordSurface(page, js, "Add New Menu Item");
  await surface.getByLabel("Parent ID (optional)").fill("");
  await surface.getByRole("button", { name: "Add Menu Item" }).click();
  await expectNotice(page, "Menu item created successfully!");
  const footerGroup = page.getByRole("region", { name: "Footer Menu" });
  await expect(footerGroup.getByRole("link", { name: `Edit ${label}` })).toBeVisible();

  const visitor = await visitorPage(browser, "/");
  await expect(visitor.getByRole("contentinfo").getByRole("link", { name: label })).toBeVisible();
  await visitor.context().close();

  await page.getByRole("link", { name: `Edit ${label}` }).click();
  surface = await recordSurface(page, js, "Edit Menu Item");
  await surface.getByLabel("Is Active").uncheck();
  await surface.getByLabel("Open in New Tab").check();
  await surface.getByRole("button", { name: "Update Menu Item" }).click();
  await expectNotice(page, "Menu item updated successfully!");
  const row = rowOf(page, label);
  await expect(row).toContainText("Inactive");
  await expect(row).toContainText("Opens in new tab");

  await row.getByRole("link", { name: `Delete ${label}` }).click();
  surface = await recordSurface(page, js, "Delete Menu Item");
  await expect(surface.getByText(`Are you sure you want to delete the "${label}" menu item?`)).toBeVisible();
  await surface.getByRole("button", { name: "Delete" }).click();
  await expectNotice(page, "Menu item deleted successfully!");
  await expect(rowOf(page, label)).toHaveCount(0);
});

test("with JavaScript, the dialog closes with Escape and gives focus back to what opened it", async ({ page }) => {
  await open(page, "/admin/products", true);
  const add = page.getByRole("link", { name: "Add Product" });
  await add.click();
  const dialog = page.getByRole("dialog", { name: "Add New Product" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Product Name")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(add).toBeFocused();

  await add.click();
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/products$/);
});

test("hero: a save shows on the public home page; Reset restores the loaded values", { tag: "@nojs" }, async ({ page, browser }, testInfo) => {
  const js = withJs(testInfo);
  await open(page, "/admin/hero", js);
  const title = page.getByLabel("Title", { exact: true });
  const original = await title.inputValue();
  const changed = `Investing, checked (${testInfo.project.name})`;

  if (js) {
    await title.fill("Something else");
    await page.getByRole("button", { name: "Reset" }).click();
    await expect(title).toHaveValue(original);
    await expectNotice(page, "Form has been reset to original values.");
  }

  await title.fill(changed);
  await submit(page, page.getByRole("button", { name: "Save Changes" }), js);
  await expectNotice(page, "Hero content updated successfully!");
  await expect(title).toHaveValue(changed);
  const visitor = await visitorPage(browser, "/");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(changed);

  await page.getByLabel("Title", { exact: true }).fill(original);
  await submit(page, page.getByRole("button", { name: "Save Changes" }), js);
  await expectNotice(page, "Hero content updated successfully!");
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(original);
  await visitor.context().close();
});

test("SEO & Analytics: each tab saves its own form and the public site follows", { tag: "@nojs" }, async ({ page, browser }, testInfo) => {
  const js = withJs(testInfo);
  const tag = testInfo.project.name;
  await open(page, "/admin/seo", js);

  async function showTab(name: string) {
    if (js) await page.getByRole("tab", { name }).click();
    else await page.getByRole("navigation", { name: "SEO & Analytics sections" }).getByRole("button", { name }).click();
  }
  async function save(button: string, notice: string) {
    await submit(page, page.getByRole("button", { name: button }), js);
    await expectNotice(page, notice);
  }

  // Meta Tags is open first.
  const description = page.getByLabel("Meta Description");
  await expect(description).toHaveAccessibleDescription("150-160 characters recommended");
  const originalDescription = await description.inputValue();
  const newDescription = `Kestrel Insight builds investment software you can check for yourself (${tag}).`;
  await expect(page.getByText(`${originalDescription.length} characters`, { exact: true })).toBeVisible();
  await description.fill(newDescription);
  // The count follows the typing with JavaScript; without it, the saved text's count is shown.
  if (js) await expect(page.getByText(`${newDescription.length} characters`, { exact: true })).toBeVisible();
  await save("Save Meta Tags", "SEO settings updated successfully!");

  await showTab("Analytics");
  const measurementId = page.getByLabel("Measurement ID");
  await expect(measurementId).toHaveAttribute("placeholder", "G-XXXXXXXXXX");
  await expect(page.getByLabel("Enable enhanced measurement")).toBeChecked();
  await expect(page.getByLabel("Track outbound links")).toBeChecked();
  await expect(page.getByLabel("Track outbound links")).not.toHaveAttribute("name", /.*/);
  await measurementId.fill("not an id");
  await page.getByRole("button", { name: "Save Analytics Settings" }).click();
  await expect(measurementId).toHaveAccessibleDescription("Measurement ID must look like G-XXXXXXXXXX");
  await page.getByLabel("Measurement ID").fill("");
  await save("Save Analytics Settings", "SEO settings updated successfully!");

  await showTab("Schema");
  const organization = page.getByLabel("Organization Name");
  const originalOrganization = await organization.inputValue();
  await organization.fill(`Kestrel Insight Ltd ${tag}`);
  await save("Save Schema Settings", "SEO settings updated successfully!");

  await showTab("Company");
  const copyright = page.getByLabel("Footer Copyright Text");
  // Empty means "the default line"; the form requires a text, so it is put back as that line.
  const companyName = await page.getByLabel("Company Name").inputValue();
  const originalCopyright =
    (await copyright.inputValue()) || `© ${new Date().getFullYear()} ${companyName}. All rights reserved.`;
  await copyright.fill(`© Kestrel Insight Ltd (${tag})`);
  await save("Save Company Info", "Company settings updated successfully!");

  const visitor = await visitorPage(browser, "/");
  await expect(visitor.locator('meta[name="description"]')).toHaveAttribute("content", newDescription);
  await expect(visitor.getByRole("contentinfo")).toContainText(`© Kestrel Insight Ltd (${tag})`);
  const structuredData = (await visitor.locator('script[type="application/ld+json"]').allTextContents()).join("\n");
  expect(structuredData).toContain(`Kestrel Insight Ltd ${tag}`);
  await visitor.context().close();

  // Put the public site back as it was.
  await open(page, "/admin/seo", js);
  await page.getByLabel("Meta Description").fill(originalDescription);
  await save("Save Meta Tags", "SEO settings updated successfully!");
  await showTab("Schema");
  await page.getByLabel("Organization Name").fill(originalOrganization);
  await save("Save Schema Settings", "SEO settings updated successfully!");
  await showTab("Company");
  await page.getByLabel("Footer Copyright Text").fill(originalCopyright);
  await save("Save Company Info", "Company settings updated successfully!");
});

test("SEO & Analytics without JavaScript at 390 px: switching tabs and a validation error keep what was typed", { tag: "@nojs-only" }, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/admin/seo", false);
  const tabs = page.getByRole("navigation", { name: "SEO & Analytics sections" });
  const title = page.getByLabel("Site Title");
  const savedTitle = await title.inputValue();
  const draftDescription = "A description typed on the Meta Tags tab, then left for another tab before saving.";
  await title.fill("Kestrel Insight | typed, not saved");
  await page.getByLabel("Meta Description").fill(draftDescription);

  await tabs.getByRole("button", { name: "Schema" }).click();
  await expect(page).toHaveURL(/\/admin\/seo\?tab=schema$/);
  await expect(page.getByRole("heading", { name: "Schema", level: 2 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Unsaved changes in Meta Tags" })).toBeVisible();
  await expect(tabs.getByRole("button", { name: "Meta Tags (unsaved changes)" })).toBeVisible();

  // An error in this tab keeps its edits, and the other tab's draft.
  const organization = page.getByLabel("Organization Name");
  await organization.fill("");
  await page.getByLabel("Website URL").fill("https://typed.example");
  await page.getByRole("button", { name: "Save Schema Settings" }).click();
  await expect(organization).toHaveAccessibleDescription(/Organization name is required/);
  await expect(page.getByLabel("Website URL")).toHaveValue("https://typed.example");
  await expect(page.getByRole("status").filter({ hasText: "Unsaved changes in Meta Tags and Schema" })).toBeVisible();
  await expectNoAxeViolations(page, "/admin/seo?tab=schema with drafts and an error");

  await tabs.getByRole("button", { name: /^Meta Tags/ }).click();
  await expect(title).toHaveValue("Kestrel Insight | typed, not saved");
  await expect(page.getByLabel("Meta Description")).toHaveValue(draftDescription);
  // The count is the draft's, counted by the server.
  await expect(page.getByText(`${draftDescription.length} characters`, { exact: true })).toBeVisible();
  await tabs.getByRole("button", { name: /^Schema/ }).click();
  await expect(page.getByLabel("Website URL")).toHaveValue("https://typed.example");

  // Nothing was saved: the page loaded afresh shows the saved values and no notice.
  await open(page, "/admin/seo", false);
  await expect(title).toHaveValue(savedTitle);
  await expect(page.getByText(/Unsaved changes/)).toHaveCount(0);
});

test("SEO & Analytics without JavaScript: the Schema tab takes the Company tab's name and e-mail, unsaved until saved", { tag: "@nojs-only" }, async ({ page }) => {
  await open(page, "/admin/seo?tab=company", false);
  const companyName = await page.getByLabel("Company Name").inputValue();
  const companyEmail = await page.getByLabel("Contact Email").inputValue();
  await expect(page.getByLabel("Company Name")).toHaveAccessibleDescription("Shown to visitors in the site's header and footer.");
  await page.getByRole("navigation", { name: "SEO & Analytics sections" }).getByRole("button", { name: "Schema" }).click();
  const organization = page.getByLabel("Organization Name");
  await expect(organization).toHaveAccessibleDescription("For search engines: in the site's structured data, not shown on its pages.");
  const savedOrganization = await organization.inputValue();
  const savedEmail = await page.getByLabel("Contact Email").inputValue();
  await organization.fill("A name typed only for search engines");
  await page.getByRole("button", { name: "Save Schema Settings" }).click();
  await expectNotice(page, "SEO settings updated successfully!");
  await expect(page.getByText(`They differ from the Company tab, which has ${companyName} and ${companyEmail}.`)).toBeVisible();

  await page.getByRole("button", { name: "Use the Company tab’s name and e-mail" }).click();
  await expect(organization).toHaveValue(companyName);
  await expect(page.getByLabel("Contact Email")).toHaveValue(companyEmail);
  await expect(page.getByText("They match the Company tab.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Unsaved changes in Schema" })).toBeVisible();
  // Enter in a field saves (the offer and the tabs are submit buttons of the same form, after the save).
  await organization.fill(savedOrganization);
  await page.getByLabel("Contact Email").fill(savedEmail);
  await organization.press("Enter");
  await expectNotice(page, "SEO settings updated successfully!");
  await expect(organization).toHaveValue(savedOrganization);
  await expect(page.getByLabel("Contact Email")).toHaveValue(savedEmail);
});

test("SEO & Analytics with JavaScript at 1440 px: the count follows the typing, and saving one tab keeps another tab's edits", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, "/admin/seo", true);
  const description = page.getByLabel("Meta Description");
  const typed = "Kestrel Insight builds investment software you can check for yourself.";
  await description.fill(typed);
  await expect(page.getByText(`${typed.length} characters`, { exact: true })).toBeVisible();
  await description.press("End");
  await description.press("Backspace");
  await expect(page.getByText(`${typed.length - 1} characters`, { exact: true })).toBeVisible();

  await page.getByRole("tab", { name: "Schema" }).click();
  const organization = page.getByLabel("Organization Name");
  const savedOrganization = await organization.inputValue();
  await organization.fill("Typed on Schema, not saved");
  await page.getByRole("tab", { name: "Analytics" }).click();
  await submit(page, page.getByRole("button", { name: "Save Analytics Settings" }), true);
  await expectNotice(page, "SEO settings updated successfully!");
  await page.getByRole("tab", { name: "Schema" }).click();
  await expect(organization).toHaveValue("Typed on Schema, not saved");

  // The offer fills the two fields on the spot; nothing is saved until the button is pressed.
  await page.getByRole("button", { name: "Use the Company tab’s name and e-mail" }).click();
  await expect(page.getByText("Filled in from the Company tab; not saved yet.")).toBeVisible();
  await organization.fill(savedOrganization);
});

test("a save from a stale copy is refused with the reason, keeping what was typed beside the current value", { tag: "@nojs" }, async ({ page, browser }, testInfo) => {
  const js = withJs(testInfo);
  await open(page, "/admin/stats", js);
  await page.getByRole("link", { name: "Add Statistic" }).click();
  let surface = await recordSurface(page, js, "Add New Statistic");
  const label = `Stale check ${testInfo.project.name}`;
  await surface.getByLabel("Label").fill(label);
  await surface.getByLabel("Value").fill("1");
  await surface.getByRole("button", { name: "Add Statistic" }).click();
  await expectNotice(page, "Statistic created successfully!");
  await page.getByRole("link", { name: `Edit ${label}` }).click();
  surface = await recordSurface(page, js, "Edit Statistic");

  // Another operator saves the same statistic meanwhile.
  const other = await browser.newContext({ javaScriptEnabled: false });
  const otherPage = await other.newPage();
  await useOperatorSession(otherPage);
  await otherPage.goto(page.url());
  await otherPage.getByLabel("Value").fill("2");
  await otherPage.getByRole("button", { name: "Update Statistic" }).click();
  await expect(otherPage.getByText("Statistic updated successfully!").first()).toBeVisible();
  await other.close();

  await surface.getByLabel("Value").fill("3");
  await surface.getByRole("button", { name: "Update Statistic" }).click();
  surface = await recordSurface(page, js, "Edit Statistic");
  await expect(surface.getByRole("alert").filter({ hasText: "while you were editing" })).toContainText(
    `This was changed by ${LOCAL_ADMIN_EMAIL} (value)`,
  );
  await expect(surface.getByLabel("Value", { exact: true })).toHaveValue("3");
  const merged = surface.getByRole("group", { name: /^Value/ });
  await expect(merged).toContainText("Changed by both");
  await expect(merged).toContainText("2");
  await expect(merged.getByLabel("Keep mine")).toBeChecked();
  await surface.getByRole("button", { name: "Update Statistic" }).click();
  await expectNotice(page, "Statistic updated successfully!");

  await page.getByRole("link", { name: `Delete ${label}` }).click();
  await (await recordSurface(page, js, "Delete Statistic")).getByRole("button", { name: "Delete" }).click();
  await expectNotice(page, "Statistic deleted successfully!");
});

test("with JavaScript, a session that ended mid-edit gives SPEC's Unauthorized notice, then the sign-in", async ({ page }) => {
  // The notice is on screen for 500 ms before the sign-in: the page itself records that it appeared.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const text = document.body?.innerText ?? "";
      if (text.includes("Unauthorized") && text.includes("You are logged out. Logging in again...")) sessionStorage.setItem("unauthorized-notice", "shown");
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await open(page, "/admin/products", true);
  await page.getByRole("link", { name: "Add Product" }).click();
  const dialog = await recordSurface(page, true, "Add New Product");
  // Signed out elsewhere (another tab): the session is gone on the server and the cookie cleared.
  expect((await page.request.post("/api/logout", { maxRedirects: 0 })).status()).toBe(302);
  await dialog.getByLabel("Product Name").fill("Never saved");
  await dialog.getByLabel("Description").fill("The session ended before this was sent.");
  await dialog.getByLabel("URL").fill("/platforms");
  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Kestrel Insight" })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem("unauthorized-notice")), "the Unauthorized notice was shown").toBe("shown");
});

test("a record deleted meanwhile is a clear 404 inside the admin", async ({ page }) => {
  await open(page, "/admin/stats", true);
  const response = await page.goto("/admin/stats/99999/edit");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
});
