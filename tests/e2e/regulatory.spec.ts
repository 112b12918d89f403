import type { Browser, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expectNotice, open, recordSurface, withJs } from "./support/admin-pages";
import { expect, hydrated, settled, test } from "./support/fixtures";
import { PUBLIC_PAGES } from "./support/pages";
import { useOperatorSession } from "./support/session";
import { signIn } from "./support/sign-in";

/**
 * Issue 37, with JavaScript and without (@nojs), at 320 and 1440 px: the regulatory disclosure in every
 * public page's footer; on /platforms the prescribed risk warning at the top of the screen and still there
 * at the bottom of the page (CSS alone keeps it); its "Take 2 mins to learn more" opens the risk summary.
 */

const WIDTHS = [320, 1440];
const STATUS = "Kestrel Insight Ltd is not authorised or regulated by the Financial Conduct Authority.";
const COMPANY = "Kestrel Insight Ltd. Registered in England and Wales. Company number 14829361.";
const RMMI_LEAD =
  "Don't invest unless you're prepared to lose all the money you invest. This is a high-risk investment and you are unlikely to be protected if something goes wrong.";
const CRYPTO_LEAD =
  "Don't invest unless you're prepared to lose all the money you invest. This is a high-risk investment and you should not expect to be protected if something goes wrong.";

for (const width of WIDTHS) {
  test(`every public page's footer discloses the regulatory status at ${width} px`, { tag: "@nojs" }, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      const disclosure = page.getByTestId("regulatory-disclosure");
      await expect(disclosure, path).toContainText(STATUS);
      await expect(disclosure, path).toContainText(COMPANY);
    }
  });

  test(`/platforms keeps the risk warnings in view from the top to the bottom at ${width} px`, { tag: "@nojs" }, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 320 ? 640 : 900 });
    await page.goto("/platforms");
    const warnings = page.getByRole("region", { name: "Risk warning" });
    await expect(warnings).toContainText(RMMI_LEAD);
    await expect(warnings).toContainText(CRYPTO_LEAD);
    await expect(warnings).toBeInViewport();
    expect((await warnings.boundingBox())!.y).toBeLessThanOrEqual(1);

    // The bottom of the page: the warnings are still at the top of the screen.
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await page.keyboard.press("End");
    await expect(page.getByTestId("regulatory-disclosure")).toBeInViewport();
    await expect(warnings).toBeInViewport();
    expect((await warnings.boundingBox())!.y).toBeGreaterThanOrEqual(-1);
    expect((await warnings.boundingBox())!.y).toBeLessThanOrEqual(1);

    // A screen reader meets the warning first: before the header and the page's content.
    const order = await page.locator("section[aria-label='Risk warning'], header, main").evaluateAll((nodes) =>
      nodes.map((node) => node.tagName.toLowerCase()),
    );
    expect(order).toEqual(["section", "header", "main"]);

    // Each high-risk product's card repeats its warning beside its call to action.
    await expect(page.getByTestId("card-risk-warning")).toHaveCount(3);
    await expectNoAxeViolations(page, `/platforms at ${width}`);
  });
}

test("the risk summary opens from the warning's link", { tag: "@nojs" }, async ({ page, javaScriptEnabled }) => {
  await page.goto("/platforms");
  if (javaScriptEnabled) await hydrated(page);
  const warnings = page.getByRole("region", { name: "Risk warning" });
  await warnings.getByRole("link", { name: /Take 2 mins to learn more about the risks of P2P Exchange/ }).click();
  await expect(page).toHaveURL(/\/risk-summary\/p2p-exchange-and-lending$/);
  await expect(page.getByRole("heading", { level: 1, name: "P2P Exchange & Lending" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What are the key risks?" })).toBeVisible();
  await expect(page.getByTestId("regulatory-disclosure")).toContainText(STATUS);
  await expectNoAxeViolations(page, "/risk-summary/p2p-exchange-and-lending", WIDTHS);

  await page.goto("/");
  await expect(page.getByRole("region", { name: "Risk warning" })).toContainText(CRYPTO_LEAD);
  await expectNoAxeViolations(page, "/", WIDTHS);
});

test("/admin/regulatory refuses \"FCA\" in place of the regulator's name, with the message under the field", { tag: "@nojs" }, async ({ page, javaScriptEnabled }) => {
  await useOperatorSession(page);
  await page.goto("/admin/regulatory");
  if (javaScriptEnabled) await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Regulatory Status" })).toBeVisible();
  await expect(page.getByText(STATUS).first()).toBeVisible();
  await expectNoAxeViolations(page, "/admin/regulatory", WIDTHS);
  const legalName = page.getByLabel("Legal name");
  await legalName.fill("Kestrel Insight (FCA) Ltd");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText('Write "Financial Conduct Authority" in full').first()).toBeVisible();
  await expect(page.getByLabel("Legal name")).toHaveAttribute("aria-invalid", "true");
});

async function visitorFooter(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/investors");
  const text = (await page.getByTestId("regulatory-disclosure").textContent()) ?? "";
  await context.close();
  return text;
}

async function setApproval(page: Page, js: boolean, on: boolean) {
  await open(page, "/admin/promotions", js);
  await page.getByLabel("Financial promotions need approval").setChecked(on);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectNotice(page, on ? "Financial promotions now need approval." : "Financial promotions no longer need approval.");
}

// Decision 0028: with approval on, a change to the status waits; the footer keeps the approved one.
test("with approval on, a status change waits for another person: the footer is unchanged and the review shows the footer's new lines", { tag: "@nojs" }, async ({ page, browser }, testInfo) => {
  const js = withJs(testInfo);
  const project = testInfo.project.name.replace(/[^a-z0-9]/gi, "").toLowerCase();
  const approverEmail = `rita.${project}.${Date.now()}@kestrelinsight.example`;
  await useOperatorSession(page);
  await open(page, "/admin/operators", js);
  await page.getByRole("link", { name: "Add Operator" }).click();
  const surface = await recordSurface(page, js, "Add New Operator");
  await surface.getByLabel("Email").fill(approverEmail);
  await surface.getByLabel("Name").fill(`Rita Approver ${project}`);
  await surface.getByLabel("Role").selectOption({ label: "Approver" });
  await surface.getByRole("button", { name: "Add Operator" }).click();
  await expectNotice(page, "Operator created successfully!");

  await setApproval(page, js, true);
  try {
    const before = await visitorFooter(browser);
    await open(page, "/admin/regulatory", js);
    await page.getByLabel("VAT number (optional)").fill("GB123456789");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectNotice(page, "Saved. Waiting for approval");
    if (js) await settled(page);
    await expect(page.getByText("A change is waiting for approval")).toBeVisible();
    await expectNoAxeViolations(page, "/admin/regulatory with a change waiting", WIDTHS);
    expect(await visitorFooter(browser)).toBe(before);

    const approverContext = await browser.newContext({ javaScriptEnabled: js });
    const approver = await approverContext.newPage();
    await signIn(approver, { email: approverEmail, firstName: "Rita" });
    await open(approver, "/admin/approvals", js);
    await approver.getByRole("row").filter({ hasText: "Regulatory status" }).first().getByRole("link", { name: /Review/ }).click();
    await expect(approver.getByRole("row").filter({ hasText: "VAT number" })).toContainText("GB123456789");
    await expect(approver.getByText("VAT number GB123456789.")).toBeVisible();
    await expectNoAxeViolations(approver, "the review of a regulatory status change", WIDTHS);
    await approver.getByLabel("Reason").fill("We are not VAT registered.");
    await approver.getByRole("button", { name: "Reject", exact: true }).click();
    await expect(approver.getByText(/^Rejected: the author can see why\./).first()).toBeVisible();
    await approverContext.close();
    expect(await visitorFooter(browser)).toBe(before);
  } finally {
    await setApproval(page, js, false);
  }
});
