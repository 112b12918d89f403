// Runs with and without JavaScript (@nojs): publishing posts natively without it, and Apply opens the contact dialog with it, the contact page without.
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { open, withJs } from "./support/admin-pages";
import { expect, settled, test } from "./support/fixtures";
import { useOperatorSession } from "./support/session";

/**
 * Roles and legal documents as operators publish them, with JavaScript and without: a new privacy
 * version published in the admin (the old one still readable), and a role's Apply prefilling the contact
 * form. Each publish is marked with the project's name and the text is put back afterwards.
 */

/** Saves a draft, previews it, then publishes it through the confirmation (which opens on Cancel). */
async function publishPrivacy(page: Page, js: boolean, body: string, summary: string, checkScreens = false) {
  await open(page, "/admin/legal/privacy", js);
  await page.getByLabel("Body").fill(body);
  await page.getByLabel("Change summary").fill(summary);
  await page.getByRole("button", { name: /^Save (as )?draft$/ }).click();
  await expect(page.getByText("Draft saved. Visitors see nothing until you publish it.", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Draft of version \d+: not published$/ })).toBeVisible();
  if (checkScreens) {
    await expect(page.getByRole("heading", { name: /^Changes: version \d+ \(current\) against the draft$/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Preview draft" }).click();
    await expect(page).toHaveURL(/\/admin\/legal\/privacy\/preview$/);
    await expect(page.getByRole("note").filter({ hasText: "Preview of the draft" })).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await page.getByRole("link", { name: /^Publish version \d+…$/ }).first().click();
  await expect(page).toHaveURL(/\/admin\/legal\/privacy\/publish$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Publish version \d+ of the Privacy Policy\?$/);
  await expect(page.getByText("Visitors will see it at once at /privacy", { exact: false })).toBeVisible();
  if (checkScreens) {
    if (js) await expect(page.getByRole("link", { name: "Cancel" })).toBeFocused();
    await expectNoAxeViolations(page);
  }
  const posted = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/legal/privacy/publish"));
  await page.getByRole("button", { name: /^Publish version \d+$/ }).click();
  await posted;
  if (js) await settled(page);
  await expect(page).toHaveURL(/\/admin\/legal\/privacy$/);
  await expect(page.getByText("Legal document published successfully!", { exact: true }).first()).toBeVisible();
}

test("an operator publishes a new privacy version; visitors read it, and the old one at its own address", { tag: "@nojs" }, async ({ page, browser }, testInfo) => {
  const js = withJs(testInfo);
  // Two publishes through draft, preview and confirmation, with axe on three screens.
  test.slow();
  await useOperatorSession(page);
  await open(page, "/admin/legal", js);
  await page.getByRole("link", { name: "Write a new version of the Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/admin\/legal\/privacy$/);
  const help = page.getByRole("region", { name: "Syntax: headings, anchors and placeholders" });
  await expect(help.getByText("## Heading {#anchor}")).toBeVisible();
  await expect(help.getByText("{{message-retention}}")).toBeVisible();
  await expect(help.getByText("{{consent-retention}}")).toBeVisible();

  // Every field is checked: an empty change summary and body are refused, field by field.
  const original = await page.getByLabel("Body").inputValue();
  await page.getByLabel("Body").fill("");
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(page.getByText("Body is required")).toBeVisible();
  await expect(page.getByText("Change summary is required")).toBeVisible();
  await expect(page.getByLabel("Body")).toHaveAttribute("aria-invalid", "true");

  const sentence = `A sentence the ${testInfo.project.name} test added.`;
  const changed = original.replace("## Who we are {#who-we-are}", `## Who we are {#who-we-are}\n\n${sentence}`);
  await publishPrivacy(page, js, changed, `Test change (${testInfo.project.name}).`, true);
  await expect(page.getByRole("list").getByText(`Test change (${testInfo.project.name}).`)).toBeVisible();

  const visitor = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
  try {
    await visitor.goto("/privacy");
    await expect(visitor.locator("#who-we-are")).toContainText(sentence);
    await visitor.getByRole("link", { name: "Earlier versions" }).click();
    await expect(visitor).toHaveURL(/\/privacy\/versions$/);
    await expect(visitor.getByText("Current", { exact: true })).toHaveCount(1);
    await visitor.getByRole("link", { name: "Version 1", exact: true }).click();
    await expect(visitor).toHaveURL(/\/privacy\/versions\/1$/);
    await expect(visitor.getByRole("note")).toContainText("This is version 1, effective 07 October 2025. It has been replaced: read the current Privacy Policy.");
    await expect(visitor.locator("#who-we-are")).not.toContainText(sentence);
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  } finally {
    await visitor.context().close();
  }

  // The text as it was, for the other tests on this server.
  await publishPrivacy(page, js, original, `Test change undone (${testInfo.project.name}).`);
});

test("Apply on a role's page opens the contact form prefilled with the role", { tag: "@nojs" }, async ({ page }, testInfo) => {
  const js = withJs(testInfo);
  await open(page, "/careers/full-stack-engineer", js);
  await expect(page.locator("h1")).toHaveText("Full-Stack Engineer");
  const apply = page.getByRole("link", { name: "Apply for the Full-Stack Engineer role" }).first();
  await expect(apply).toHaveAttribute("href", "/contact?subject=Career%20Inquiry&role=Full-Stack%20Engineer");
  await apply.click();
  const form = js ? page.getByRole("dialog", { name: "Contact us" }) : page.getByRole("main");
  if (!js) await expect(page).toHaveURL(/\/contact\?subject=Career%20Inquiry&role=Full-Stack%20Engineer$/);
  await expect(form.getByRole("textbox", { name: "Subject" })).toHaveValue("Career Inquiry");
  await expect(form.getByRole("textbox", { name: "Message" })).toHaveValue("I would like to apply for the Full-Stack Engineer role.");
});
