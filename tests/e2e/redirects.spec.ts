// Runs with and without JavaScript (@nojs): the rule forms are dialogs with it and panels posting natively without it; JavaScript only: paging through the list, which is links.
import type { Browser, Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { useOperatorSession } from "./support/session";
import { expectNotice, open, recordSurface, withJs } from "./support/admin-pages";

/**
 * The Redirects screen in both projects: with JavaScript (dialogs over the list, Conform checks first) and
 * without it (the same routes as panels on the list's page, forms posting natively). Every address a test
 * makes carries the project's name, and every rule a test makes it deletes again (a rule over a page of
 * the site would change what the worker's later tests see).
 */

/** A rule's row in the list, found by its Edit link (named with its From). */
function ruleRow(page: Page, from: string): Locator {
  return page.getByRole("listitem").filter({ has: page.getByRole("link", { name: `Edit ${from}`, exact: true }) });
}

/** A row of the missing-addresses list, found by its "Redirect this" link. */
function missingRow(page: Page, path: string): Locator {
  return page
    .getByRole("region", { name: "Missing addresses" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: `Redirect this ${path}`, exact: true }) });
}

/** A visitor (no session, a fresh context): where `path` ends up, and the redirect on the way (if any). */
async function visit(browser: Browser, path: string, options: { referer?: string } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto(path, options);
  const redirected = response?.request().redirectedFrom();
  const redirect = redirected ? await redirected.response() : null;
  const url = new URL(page.url());
  return {
    page,
    status: response?.status(),
    redirectStatus: redirect?.status() ?? null,
    /** Path and query string where the visitor landed. */
    landed: url.pathname + url.search,
    close: () => context.close(),
  };
}

/** Adds a rule through the form and checks the success notice. */
async function addRule(
  page: Page,
  js: boolean,
  rule: { from: string; to: string; status?: string; confirm?: boolean },
): Promise<void> {
  await open(page, "/admin/redirects", js);
  await page.getByRole("link", { name: "Add Redirect" }).click();
  const surface = await recordSurface(page, js, "Add New Redirect");
  await surface.getByLabel("From").fill(rule.from);
  await surface.getByLabel("To", { exact: true }).fill(rule.to);
  if (rule.status) await surface.getByLabel("Status").selectOption({ label: rule.status });
  if (rule.confirm) await surface.getByLabel("Replace this page").check();
  await surface.getByRole("button", { name: "Add Redirect" }).click();
  await expectNotice(page, "Redirect created successfully!");
}

/**
 * Deletes the rule from `from`, if there is one, straight through its delete route: a test's clean-up,
 * run even when the test failed half-way.
 */
async function removeRule(page: Page, from: string): Promise<void> {
  const tab = await page.context().newPage();
  try {
    await tab.goto(`/admin/redirects?q=${encodeURIComponent(from)}`);
    const link = tab.getByRole("link", { name: `Delete ${from}`, exact: true });
    if ((await link.count()) === 0) return;
    const href = await link.getAttribute("href");
    const response = await page.request.post(href!, { form: {}, maxRedirects: 0 });
    expect(response.status(), `clean-up: delete the rule from ${from}`).toBe(302);
  } finally {
    await tab.close();
  }
}

/** Reloads the list until a missing address shows (the 404 log is written every 5 seconds). */
async function waitForMissing(page: Page, path: string, js: boolean): Promise<Locator> {
  const row = missingRow(page, path);
  await expect(async () => {
    await open(page, "/admin/redirects", js);
    await expect(row).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000, intervals: [1_000] });
  return row;
}

test.beforeEach(async ({ page }) => {
  await useOperatorSession(page);
});

test("a redirect: add it, follow it as a visitor, edit it, follow it again, delete it", { tag: "@nojs" }, async ({ page, browser }, testInfo) => {
  const js = withJs(testInfo);
  const from = `/e2e-old-${testInfo.project.name}`;
  try {
    await open(page, "/admin/redirects", js);
    await page.getByRole("link", { name: "Add Redirect" }).click();
    let surface = await recordSurface(page, js, "Add New Redirect");
    await expect(surface.getByLabel("Status")).toHaveValue("301");
    await expect(surface.getByLabel("From")).toHaveAttribute("placeholder", "/old-page");
    await expect(surface.getByLabel("From")).toHaveAccessibleDescription(/A path on this site, such as \/old-page/);
    await surface.getByLabel("From").fill(from);
    await surface.getByLabel("To", { exact: true }).fill("/about");
    await surface.getByRole("button", { name: "Add Redirect" }).click();
    await expectNotice(page, "Redirect created successfully!");
    await expect(page).toHaveURL(/\/admin\/redirects$/);
    const row = ruleRow(page, from);
    await expect(row).toContainText("/about");
    await expect(row).toContainText("301 Moved permanently");
    await expect(row).toContainText("0 hits");

    // A visitor's query string travels with them.
    let visitor = await visit(browser, `${from}?utm_source=e2e`);
    expect(visitor.redirectStatus).toBe(301);
    expect(visitor.status).toBe(200);
    expect(visitor.landed).toBe("/about?utm_source=e2e");
    await visitor.close();

    // The filter finds it, and keeps the filter in the field.
    await page.getByLabel("Filter redirects").fill(from);
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(from)}`));
    await expect(page.getByLabel("Filter redirects")).toHaveValue(from);
    await expect(ruleRow(page, from)).toBeVisible();
    await expect(page.getByRole("link", { name: /^Edit / })).toHaveCount(1);

    await ruleRow(page, from).getByRole("link", { name: `Edit ${from}` }).click();
    surface = await recordSurface(page, js, "Edit Redirect");
    await expect(surface.getByLabel("From")).toHaveValue(from);
    await expect(surface.getByLabel("To", { exact: true })).toHaveValue("/about");
    await surface.getByLabel("To", { exact: true }).fill("/platforms");
    await surface.getByRole("button", { name: "Update Redirect" }).click();
    await expectNotice(page, "Redirect updated successfully!");
    await expect(ruleRow(page, from)).toContainText("/platforms");

    visitor = await visit(browser, `${from}?utm_source=e2e`);
    expect(visitor.redirectStatus).toBe(301);
    expect(visitor.landed).toBe("/platforms?utm_source=e2e");
    await visitor.close();

    // The two visits are counted (written every 5 seconds).
    await expect(async () => {
      await open(page, "/admin/redirects", js);
      await expect(ruleRow(page, from)).toContainText("2 hits", { timeout: 500 });
    }).toPass({ timeout: 15_000, intervals: [1_000] });
    await expect(ruleRow(page, from)).toContainText("Last hit Today");

    await ruleRow(page, from).getByRole("link", { name: `Delete ${from}` }).click();
    surface = await recordSurface(page, js, "Delete Redirect");
    await expect(surface.getByText(`Are you sure you want to delete the redirect from "${from}"?`)).toBeVisible();
    await surface.getByRole("button", { name: "Delete" }).click();
    await expectNotice(page, "Redirect deleted successfully!");
    await expect(ruleRow(page, from)).toHaveCount(0);

    visitor = await visit(browser, from);
    expect(visitor.status).toBe(404);
    await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
    await visitor.close();
  } finally {
    await removeRule(page, from);
  }
});

test("a 410 rule: the list says Gone and a visitor gets the removed-page notice", { tag: "@nojs" }, async ({ page, browser }, testInfo) => {
  const js = withJs(testInfo);
  const from = `/e2e-retired-${testInfo.project.name}`;
  try {
    await addRule(page, js, { from, to: "", status: "410 Gone (page removed)" });
    const row = ruleRow(page, from);
    await expect(row).toContainText("Gone");
    await expect(row).toContainText("410 Gone (page removed)");

    const visitor = await visit(browser, from);
    expect(visitor.status).toBe(410);
    await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText("This page has been removed");
    await visitor.close();
  } finally {
    await removeRule(page, from);
  }
});

test("the form refuses an address under /admin, and asks before a rule replaces a page", { tag: "@nojs" }, async ({ page, browser }, testInfo) => {
  const js = withJs(testInfo);
  await open(page, "/admin/redirects", js);
  await page.getByRole("link", { name: "Add Redirect" }).click();
  let surface = await recordSurface(page, js, "Add New Redirect");
  await surface.getByLabel("From").fill(`/admin/e2e-${testInfo.project.name}`);
  await surface.getByLabel("To", { exact: true }).fill("/about");
  await surface.getByRole("button", { name: "Add Redirect" }).click();
  surface = await recordSurface(page, js, "Add New Redirect");
  const fromField = surface.getByLabel("From");
  await expect(fromField).toHaveAttribute("aria-invalid", "true");
  await expect(surface.getByText("Addresses under /admin belong to the site and cannot be redirected")).toBeVisible();

  // A page of the site: refused until "Replace this page" is ticked (with JavaScript the box shows as the
  // address is typed; without it, the server's answer shows it).
  await surface.getByLabel("From").fill("/careers");
  await surface.getByLabel("To", { exact: true }).fill("/about");
  await surface.getByLabel("Status").selectOption({ label: "302 Found (temporary)" });
  if (js) await expect(surface.getByText("/careers is a page of this site. Visitors will be sent away from it.")).toBeVisible();
  else await expect(surface.getByLabel("Replace this page")).toHaveCount(0);
  await surface.getByRole("button", { name: "Add Redirect" }).click();
  surface = await recordSurface(page, js, "Add New Redirect");
  await expect(surface.getByText("/careers is a page of this site. Visitors will be sent away from it.")).toBeVisible();
  await expect(surface.getByText('Tick "Replace this page" to confirm.', { exact: false })).toBeVisible();
  try {
    await surface.getByLabel("Replace this page").check();
    await surface.getByRole("button", { name: "Add Redirect" }).click();
    await expectNotice(page, "Redirect created successfully!");
    await expect(ruleRow(page, "/careers")).toContainText("302 Found (temporary)");

    const visitor = await visit(browser, "/careers");
    expect(visitor.redirectStatus).toBe(302);
    expect(visitor.landed).toBe("/about");
    await visitor.close();

    // Editing it shows the confirmation already given.
    await ruleRow(page, "/careers").getByRole("link", { name: "Edit /careers" }).click();
    surface = await recordSurface(page, js, "Edit Redirect");
    await expect(surface.getByLabel("Replace this page")).toBeChecked();
  } finally {
    await removeRule(page, "/careers");
  }
  const visitor = await visit(browser, "/careers");
  expect(visitor.status).toBe(200);
  expect(visitor.landed).toBe("/careers");
  await visitor.close();
});

test("missing addresses: listed with their referring site, Redirect this fills in From, Ignore sets one aside", { tag: "@nojs" }, async ({ page, browser }, testInfo) => {
  test.setTimeout(60_000);
  const js = withJs(testInfo);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const missing = `/e2e-missing-${stamp}`;
  const ignored = `/e2e-ignored-${stamp}`;
  for (const path of [missing, ignored]) {
    const visitor = await visit(browser, path, { referer: "https://news.example/article" });
    expect(visitor.status).toBe(404);
    await visitor.close();
  }

  // The two visits may be written by different flushes: wait for both.
  await waitForMissing(page, ignored, js);
  const row = await waitForMissing(page, missing, js);
  await expect(row).toContainText("1 visit");
  await expect(row).toContainText("Linked from news.example");
  await expect(row).toContainText("Last seen Today");

  await missingRow(page, ignored).getByRole("button", { name: `Ignore ${ignored}` }).click();
  await expectNotice(page, "Address ignored.");
  await expect(missingRow(page, ignored)).toHaveCount(0);

  await missingRow(page, missing).getByRole("link", { name: `Redirect this ${missing}` }).click();
  const surface = await recordSurface(page, js, "Add New Redirect");
  await expect(surface.getByLabel("From")).toHaveValue(missing);
  await expect(surface.getByLabel("Status")).toHaveValue("301");
  await surface.getByLabel("To", { exact: true }).fill("/research");
  try {
    await surface.getByRole("button", { name: "Add Redirect" }).click();
    await expectNotice(page, "Redirect created successfully!");
    // An address with a rule is no longer missing.
    await expect(ruleRow(page, missing)).toContainText("/research");
    await expect(missingRow(page, missing)).toHaveCount(0);
  } finally {
    await removeRule(page, missing);
  }
});

test("import and export: a CSV file adds rules all or nothing, and the export reads back in", { tag: "@nojs" }, async ({ page }, testInfo) => {
  const js = withJs(testInfo);
  const tag = testInfo.project.name;
  const first = `/e2e-import-a-${tag}`;
  const second = `/e2e-import-b-${tag}`;
  try {
    await open(page, "/admin/redirects", js);
    await page.getByRole("link", { name: "Import CSV" }).click();
    let surface = await recordSurface(page, js, "Import Redirects");
    await expect(surface.getByLabel("CSV file")).toHaveAccessibleDescription(/from,to,statusCode,note/);

    // A bad row refuses the whole file, naming the row.
    await surface.getByLabel("CSV file").setInputFiles({
      name: "rules.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`from,to,statusCode,note\n${first},/about,301,first\n/admin/x,/about,301,\n`),
    });
    await surface.getByRole("button", { name: "Import", exact: true }).click();
    surface = await recordSurface(page, js, "Import Redirects");
    await expect(surface.getByText("Row 3 (/admin/x): From: Addresses under /admin belong to the site", { exact: false })).toBeVisible();
    await expect(surface.getByText("1 row was refused, so nothing was imported", { exact: false })).toBeVisible();
    // The file is kept (without JavaScript the file input is empty again): importing again needs no new choice.
    await expect(surface.getByText("rules.csv is kept from your last try", { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);
    await surface.getByRole("button", { name: "Import", exact: true }).click();
    surface = await recordSurface(page, js, "Import Redirects");
    await expect(surface.getByText("Row 3 (/admin/x): From: Addresses under /admin belong to the site", { exact: false })).toBeVisible();
    await open(page, `/admin/redirects?q=${encodeURIComponent(first)}`, js);
    await expect(page.getByText(`No redirects match “${first}”.`)).toBeVisible();

    await page.getByRole("link", { name: "Import CSV" }).click();
    surface = await recordSurface(page, js, "Import Redirects");
    await surface.getByLabel("CSV file").setInputFiles({
      name: "rules.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`from,to,statusCode,note\r\n${first},/about,301,"Moved, in 2024"\r\n${second},,410,\r\n`),
    });
    await surface.getByRole("button", { name: "Import", exact: true }).click();
    await expectNotice(page, "Imported 2 redirects: 2 added, 0 updated.");
    await expect(ruleRow(page, first)).toContainText("Moved, in 2024");
    await expect(ruleRow(page, second)).toContainText("Gone");

    const csv = await page.request.get("/admin/redirects.csv");
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="redirects-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toBe('\uFEFF"from","to","statusCode","note"');
    expect(text).toContain(`"${first}","/about","301","Moved, in 2024"\r\n`);
    expect(text).toContain(`"${second}","","410",""\r\n`);

    // Refusals the browser's own checks would stop first: no file, and a row over a page of the site.
    const noFile = await page.request.post("/admin/redirects/import", { multipart: { confirmShadow: "" }, maxRedirects: 0 });
    expect(noFile.status()).toBe(400);
    expect(await noFile.text()).toContain("Choose a CSV file to import.");
    const overPage = await page.request.post("/admin/redirects/import", {
      multipart: { file: { name: "p.csv", mimeType: "text/csv", buffer: Buffer.from("from,to,statusCode\n/careers,/about,302\n") } },
      maxRedirects: 0,
    });
    expect(overPage.status()).toBe(400);
    expect(await overPage.text()).toContain("1 row takes over the address of a page of this site: confirm below, or remove it from the file.");

    // The exported rows import again as updates.
    const ours = text
      .split("\r\n")
      .filter((line) => line.startsWith(`"${first}"`) || line.startsWith(`"${second}"`))
      .join("\r\n");
    await open(page, "/admin/redirects/import", js);
    surface = await recordSurface(page, js, "Import Redirects");
    await surface.getByLabel("CSV file").setInputFiles({
      name: "again.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`from,to,statusCode,note\r\n${ours}\r\n`),
    });
    await surface.getByRole("button", { name: "Import", exact: true }).click();
    await expectNotice(page, "Imported 2 redirects: 0 added, 2 updated.");
  } finally {
    await removeRule(page, first);
    await removeRule(page, second);
  }
});

test("axe finds nothing on the list, the open dialog (or panel) and the import; nothing scrolls sideways at 320 px", { tag: "@nojs" }, async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  const js = withJs(testInfo);
  const tag = testInfo.project.name;
  const long = `/e2e-a-very-long-old-address-${tag}-${"with-many-segments-".repeat(6)}end`;
  const missing = `/e2e-long-missing-${tag}-${Date.now()}-${"x".repeat(120)}`;
  try {
    await addRule(page, js, { from: long, to: `https://example.com/${"a-long-destination-".repeat(5)}end` });
    const visitor = await visit(browser, missing);
    await visitor.close();
    await waitForMissing(page, missing, js);

    await expectNoAxeViolations(page, "/admin/redirects", [1280, 320]);
    await page.getByRole("link", { name: "Add Redirect" }).click();
    await recordSurface(page, js, "Add New Redirect");
    await expectNoAxeViolations(page, "the Add New Redirect form");

    // The form asking to replace a page (From given in the address, as "Redirect this" does).
    await open(page, `/admin/redirects/new?from=${encodeURIComponent("/about")}`, js);
    const surface = await recordSurface(page, js, "Add New Redirect");
    await expect(surface.getByLabel("From")).toHaveValue("/about");
    await expect(surface.getByLabel("Replace this page")).toBeVisible();
    await expectNoAxeViolations(page, "the Add New Redirect form, asking to replace a page");

    await open(page, "/admin/redirects", js);
    await page.getByRole("link", { name: "Import CSV" }).click();
    await recordSurface(page, js, "Import Redirects");
    await expectNoAxeViolations(page, "the import form");

    await page.setViewportSize({ width: 320, height: 800 });
    for (const path of ["/admin/redirects", "/admin/redirects/new", "/admin/redirects/import"]) {
      await open(page, path, js);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${path} at 320 px`).toBeLessThanOrEqual(320);
    }
  } finally {
    await removeRule(page, long);
  }
});

test("the list comes in pages of 50, and the pages keep the filter", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const js = withJs(testInfo);
  const prefix = `/e2e-page-${testInfo.project.name}-`;
  const froms = Array.from({ length: 55 }, (_, i) => `${prefix}${String(i).padStart(2, "0")}`);
  const imported = await page.request.post("/admin/redirects/import", {
    multipart: {
      file: {
        name: "many.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(["from,to,statusCode", ...froms.map((from) => `${from},/about,301`)].join("\n")),
      },
    },
    maxRedirects: 0,
  });
  expect(imported.status()).toBe(302);
  try {
    await open(page, `/admin/redirects?q=${encodeURIComponent(prefix)}`, js);
    const pages = page.getByRole("navigation", { name: "Redirect pages" });
    await expect(pages).toContainText("Page 1 of 2 · 55 redirects");
    await expect(page.getByRole("link", { name: /^Edit / })).toHaveCount(50);
    await pages.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\?q=%2Fe2e-page-[^&]+&page=2$/);
    await expect(pages).toContainText("Page 2 of 2 · 55 redirects");
    await expect(page.getByRole("link", { name: /^Edit / })).toHaveCount(5);
    await expect(page.getByRole("link", { name: `Edit ${froms[54]}`, exact: true })).toBeVisible();
    await expect(page.getByLabel("Filter redirects")).toHaveValue(prefix);
    await pages.getByRole("link", { name: "Previous page" }).click();
    await expect(pages).toContainText("Page 1 of 2");
  } finally {
    // Straight through the delete routes: the first page of the filtered list, twice (50, then 5).
    for (let round = 0; round < 2; round++) {
      const tab = await page.context().newPage();
      await tab.goto(`/admin/redirects?q=${encodeURIComponent(prefix)}`);
      const links = tab.locator('a[href$="/delete"]');
      const hrefs: string[] = [];
      for (let i = 0; i < (await links.count()); i++) hrefs.push((await links.nth(i).getAttribute("href"))!);
      await tab.close();
      for (const href of hrefs) await page.request.post(href, { form: {}, maxRedirects: 0 });
    }
  }
});
