import { expectNoAxeViolations } from "./support/axe";
import { expect, hydrated, test } from "./support/fixtures";
import { PUBLIC_PAGES } from "./support/pages";
import { useOperatorSession } from "./support/session";

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
