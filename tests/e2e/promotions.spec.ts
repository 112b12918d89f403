// Runs with and without JavaScript (@nojs): the approval setting, the hero's save, the approver's review, preview and decision, the register.
import type { Browser, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, hydrated, settled, test } from "./support/fixtures";
import { expectNotice, open, recordSurface, withJs } from "./support/admin-pages";
import { useOperatorSession } from "./support/session";
import { signIn } from "./support/sign-in";

/**
 * Issue 42: with approval on, an operator's change to the hero title waits: the home page keeps the old
 * title; an approver (another person) sees the change against the live one and the home page with it in place, approves it with
 * a rationale; the home page then shows the new title, and the register lists the approval with its hash.
 * The test turns approval off again and puts the title back, as every test here leaves the site as it found it.
 */

async function homeHeading(browser: Browser): Promise<{ text: string; close(): Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  const text = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  return { text, close: () => context.close() };
}

async function setApproval(page: Page, js: boolean, on: boolean) {
  await open(page, "/admin/promotions", js);
  await page.getByLabel("Financial promotions need approval").setChecked(on);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectNotice(page, on ? "Financial promotions now need approval." : "Financial promotions no longer need approval.");
}

test("a hero change waits for another person's approval, then goes live and is in the register", { tag: "@nojs" }, async ({ page, browser }, testInfo) => {
  const js = withJs(testInfo);
  const project = testInfo.project.name.replace(/[^a-z0-9]/gi, "").toLowerCase();
  const approverEmail = `arthur.${project}.${Date.now()}@kestrelinsight.example`;
  const newTitle = `Investing you can check (${project} ${Date.now()})`;

  await useOperatorSession(page);
  // An approver, added by the admin.
  await open(page, "/admin/operators", js);
  await page.getByRole("link", { name: "Add Operator" }).click();
  const surface = await recordSurface(page, js, "Add New Operator");
  await surface.getByLabel("Email").fill(approverEmail);
  await surface.getByLabel("Name").fill(`Arthur Approver ${project}`);
  await surface.getByLabel("Role").selectOption({ label: "Approver" });
  await surface.getByRole("button", { name: "Add Operator" }).click();
  await expectNotice(page, "Operator created successfully!");

  await setApproval(page, js, true);
  const before = await homeHeading(browser);
  try {
    await open(page, "/admin/hero", js);
    const original = await page.getByLabel("Title", { exact: true }).inputValue();
    await page.getByLabel("Title", { exact: true }).fill(newTitle);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectNotice(page, "Saved. Waiting for approval");
    if (js) await settled(page);
    await expect(page.getByText("A change is waiting for approval")).toBeVisible();
    const stillLive = await homeHeading(browser);
    expect(stillLive.text).toBe(before.text);
    await stillLive.close();

    // The approver, in a browser of their own.
    const approverContext = await browser.newContext({ javaScriptEnabled: js });
    const approver = await approverContext.newPage();
    await signIn(approver, { email: approverEmail, firstName: "Arthur" });
    await open(approver, "/admin/approvals", js);
    await expectNoAxeViolations(approver, "the Approvals list");
    const row = approver.getByRole("row").filter({ hasText: "Hero Section" }).first();
    await row.getByRole("link", { name: /Review/ }).click();
    await expect(approver.getByRole("heading", { name: "What changes" })).toBeVisible();
    const titleChange = approver.getByRole("row").filter({ hasText: newTitle });
    await expect(titleChange).toContainText(original);
    await expect(approver.getByRole("heading", { name: "Preview of the proposed change" })).toBeVisible();
    await expectNoAxeViolations(approver, "the review page");

    // The change as visitors would see it: the real home page with the new title, marked as not live.
    await approver.getByRole("link", { name: /^Preview: Home page/ }).click();
    await expect(approver.getByRole("region", { name: "Preview" })).toContainText("Preview of a pending version — not live");
    await expect(approver.getByRole("heading", { level: 1 })).toHaveText(newTitle);
    await expectNoAxeViolations(approver, "the preview of the pending change");
    await approver.getByRole("link", { name: "Back to the review" }).click();
    await expect(approver.getByRole("heading", { name: "What changes" })).toBeVisible();
    // The preview has no scripts, so its link back is a whole page load: wait until the review page's app is up.
    if (js) await hydrated(approver);

    // Without a rationale the approval is refused under its field.
    await approver.getByRole("button", { name: "Approve and publish" }).click();
    await expect(approver.getByText("A rationale is required", { exact: false }).first()).toBeVisible();
    await approver.getByLabel("Rationale").fill("Describes the product plainly, with no promise of returns.");
    await approver.getByRole("button", { name: "Approve and publish" }).click();
    await expect(approver.getByText(/^Approved: the change is live\. Register reference FP-\d{4}-\d{4}\.$/).first()).toBeVisible();

    const after = await homeHeading(browser);
    expect(after.text).toBe(newTitle);
    await after.close();

    await open(approver, "/admin/promotions", js);
    const entry = approver.getByRole("row").filter({ hasText: "Hero Section" }).first();
    await expect(entry).toContainText(/FP-\d{4}-\d{4}/);
    await expect(entry).toContainText("Approved");
    await expectNoAxeViolations(approver, "the register");
    await entry.getByRole("link").first().click();
    await expect(approver.getByText("Matches")).toBeVisible();
    await expect(approver.getByText(/SHA-256 [0-9a-f]{64}/)).toBeVisible();
    await approverContext.close();

    // Put the site back as it was: approval off, the title as before.
    await setApproval(page, js, false);
    await open(page, "/admin/hero", js);
    await page.getByLabel("Title", { exact: true }).fill(original);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectNotice(page, "Hero content updated successfully!");
  } finally {
    await before.close();
  }
});
