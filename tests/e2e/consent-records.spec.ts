// Runs with and without JavaScript (@nojs): the banner, the register's form, the cookie settings and the operator's lookup.
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, hydrated, startExtraSite, test } from "./support/fixtures";
import { expectNotice, withJs } from "./support/admin-pages";

/**
 * Issue 39: a visitor accepts analytics cookies; an operator adds an analytics cookie to the register, which
 * raises the consent version; the visitor's next page asks again; they withdraw on /cookies; the operator
 * finds that visitor's three records on /admin/consent by the consent id their /cookies page shows. The test
 * runs on a site of its own: the consent version only goes up, and other files' visitors must not be re-asked.
 */

function banner(page: Page) {
  return page.getByRole("region", { name: "Cookie consent" });
}

async function signInOperator(browser: Browser, site: { origin: string; dataDir: string }, js: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: js, baseURL: site.origin });
  const [session] = JSON.parse(fs.readFileSync(path.join(site.dataDir, "e2e-sessions.json"), "utf8")) as { name: string; value: string }[];
  await context.addCookies([{ name: session!.name, value: session!.value, url: site.origin, httpOnly: true, sameSite: "Lax" }]);
  return context.newPage();
}

async function open(page: Page, address: string, js: boolean) {
  const response = await page.goto(address);
  expect(response?.status()).toBe(200);
  if (js) await hydrated(page);
}

async function recordCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === "kestrel_consent_id")?.value;
}

test("a choice is recorded, a new analytics cookie asks again, a withdrawal is recorded, and the operator finds the visitor's records", { tag: "@nojs" }, async ({ browser }, testInfo) => {
  test.setTimeout(240_000); // a second server starts over a database of its own
  const js = withJs(testInfo);
  const site = await startExtraSite({});
  const visitorContext = await browser.newContext({ javaScriptEnabled: js, baseURL: site.origin });
  try {
    const visitor = await visitorContext.newPage();

    // 1. The visitor accepts on the banner.
    await open(visitor, "/about", js);
    await banner(visitor).getByRole("button", { name: "Accept" }).click();
    await expect(banner(visitor)).toHaveCount(0);
    await expect.poll(() => recordCookie(visitorContext)).toMatch(/^1\.[0-9a-f-]{36}$/);

    // 2. An operator adds an analytics cookie to the register.
    const operator = await signInOperator(browser, site, js);
    await open(operator, "/admin/cookies", js);
    await expect(operator.getByText("Consent version 1.")).toBeVisible();
    await expectNoAxeViolations(operator, "/admin/cookies");
    const adding = operator.getByRole("group", { name: "Add an item (leave blank to add none)" });
    await adding.getByLabel("Name").fill("_hjSession");
    await adding.getByLabel("Provider").fill("Hotjar");
    await adding.getByLabel("Purpose").selectOption("analytics");
    await adding.getByLabel("Duration").fill("30 minutes");
    await adding.getByLabel("Description").fill("Hotjar: keeps the state of a visit for heatmaps. Set only if you accept analytics cookies.");
    await operator.getByRole("button", { name: "Save Cookie Register" }).click();
    await expectNotice(operator, "Cookie register updated successfully!");
    await expect(operator.getByText("Consent version 2.")).toBeVisible();

    // 3. The visitor's next page shows the banner again; the policy lists the new cookie.
    await open(visitor, "/platforms", js);
    await expect(banner(visitor)).toBeVisible();
    await open(visitor, "/cookies", js);
    await expect(visitor.getByRole("rowheader", { name: "_hjSession" })).toBeVisible();
    await expect(visitor.getByText("You have not made a choice yet, so no analytics cookies are set.")).toBeVisible();

    // 4. They accept again in the cookie settings, then withdraw.
    await visitor.getByRole("button", { name: "Accept analytics cookies" }).click();
    await expect(visitor.getByText("You have accepted analytics cookies.")).toBeVisible();
    await expect(visitor.getByTestId("consent-choice")).toHaveText("You accepted analytics cookies");
    await visitor.getByRole("button", { name: "Withdraw my consent" }).click();
    await expect(visitor.getByText("You have declined analytics cookies: none are set.")).toBeVisible();
    await expect(visitor.getByTestId("consent-choice")).toHaveText("You withdrew your consent to analytics cookies");
    await expect(visitor.getByRole("link", { name: "Download my consent record" })).toBeVisible();
    const consentId = (await visitor.getByTestId("consent-id").textContent())!.trim();
    expect(consentId).toMatch(/^[0-9a-f-]{36}$/);
    await expectNoAxeViolations(visitor, "/cookies with a consent record");

    // 5. The operator finds the visitor's records by that id.
    await open(operator, "/admin/consent", js);
    await operator.getByLabel("Consent id").fill(consentId);
    await operator.getByRole("button", { name: "Find records" }).click();
    const records = operator.getByRole("table", { name: `Consent records of ${consentId}, oldest first` });
    await expect(records.getByRole("row")).toHaveCount(4); // the heading row and three records
    await expect(records.getByRole("row").nth(1)).toContainText("Accepted");
    await expect(records.getByRole("row").nth(1)).toContainText(js ? "Banner" : "Banner (no JavaScript)");
    await expect(records.getByRole("row").nth(2)).toContainText("Cookie settings");
    await expect(records.getByRole("row").nth(3)).toContainText("Withdrew");
    await expect(operator.getByRole("link", { name: "Export CSV" })).toBeVisible();
    await expectNoAxeViolations(operator, "/admin/consent with a visitor's records");
    await operator.context().close();
  } finally {
    await visitorContext.close();
    await site.stop();
  }
});
