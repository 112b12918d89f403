import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { useOperatorSession } from "./support/session";

/**
 * Roles and legal documents as operators publish them, with JavaScript and without: a new privacy
 * version published in the admin (the old one still readable), a role's Apply prefilling the contact
 * form, and axe on the new pages and screens. Both projects share one server, so each publish is
 * marked with the project's name and the text is put back afterwards.
 */

function withJs(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled !== false;
}

async function open(page: Page, path: string, js: boolean) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  if (js) await page.waitForLoadState("networkidle");
}

async function publishPrivacy(page: Page, js: boolean, body: string, summary: string) {
  await open(page, "/admin/legal/privacy", js);
  await page.getByLabel("Body").fill(body);
  await page.getByLabel("Change summary").fill(summary);
  const posted = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/legal/privacy"));
  await page.getByRole("button", { name: "Publish new version" }).click();
  await posted;
  await page.waitForLoadState(js ? "networkidle" : "load");
  await expect(page.getByText("Legal document published successfully!", { exact: true }).first()).toBeVisible();
}

test("an operator publishes a new privacy version; visitors read it, and the old one at its own address", async ({ page, browser }, testInfo) => {
  const js = withJs(testInfo);
  await useOperatorSession(page);
  await open(page, "/admin/legal", js);
  await page.getByRole("link", { name: "Publish a new version of the Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/admin\/legal\/privacy$/);
  await expect(page.getByText("Markdown: ## Heading {#anchor}")).toBeVisible();
  if (js) await page.waitForLoadState("networkidle");

  // Every field is checked: an empty change summary and body are refused, field by field.
  const original = await page.getByLabel("Body").inputValue();
  await page.getByLabel("Body").fill("");
  await page.getByRole("button", { name: "Publish new version" }).click();
  await expect(page.getByText("Body is required")).toBeVisible();
  await expect(page.getByText("Change summary is required")).toBeVisible();
  await expect(page.getByLabel("Body")).toHaveAttribute("aria-invalid", "true");

  const sentence = `A sentence the ${testInfo.project.name} test added.`;
  const changed = original.replace("## Who we are {#who-we-are}", `## Who we are {#who-we-are}\n\n${sentence}`);
  await publishPrivacy(page, js, changed, `Test change (${testInfo.project.name}).`);
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

test("Apply on a role's page opens the contact form prefilled with the role", async ({ page }, testInfo) => {
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

test("axe finds nothing on the role, version pages and the legal admin", async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of ["/careers/full-stack-engineer", "/privacy/versions", "/privacy/versions/1", "/careers"]) {
    await page.goto(path);
    await expectNoAxeViolations(page, path);
  }
  await useOperatorSession(page);
  for (const path of ["/admin/legal", "/admin/legal/privacy"]) {
    await page.goto(path);
    await expectNoAxeViolations(page, path);
  }
});
