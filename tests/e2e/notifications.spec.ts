// Runs with and without JavaScript (@nojs): every form here posts natively without it, and its dialogs (a message, erase, retention) are pages.
import type { Browser, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expectNotice, open, recordSurface, withJs } from "./support/admin-pages";
import { expect, hydrated, test } from "./support/fixtures";
import { useOperatorSession } from "./support/session";

/**
 * Notifications and personal data, in both projects: an operator routes a subject to its own recipients,
 * a visitor sends a message, and the inbox shows whom it was sent to (the end-to-end server is a local
 * site without SMTP_URL, so the e-mail is written as an .eml file); then a person's messages are found,
 * exported and erased. Every address carries the project's name.
 */

test.beforeEach(async ({ page }) => {
  await useOperatorSession(page);
});

/** A visitor (no session) sends a message from the contact page, with or without JavaScript. */
async function sendAsVisitor(browser: Browser, js: boolean, fields: { name: string; email: string; subject: string; message: string }) {
  const visitor = await browser.newContext({ javaScriptEnabled: js });
  try {
    const page = await visitor.newPage();
    await page.goto("/contact");
    if (js) await hydrated(page);
    const form = page.locator("#contact-page-form");
    await form.getByLabel("Name").fill(fields.name);
    await form.getByLabel("Email").fill(fields.email);
    await form.getByLabel("Subject").fill(fields.subject);
    await form.getByLabel("Message").fill(fields.message);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Thank you! Your message has been sent successfully.").first()).toBeVisible();
  } finally {
    await visitor.close();
  }
}

/** The inbox filtered to one address, reloaded until its one message shows `badge` (delivery runs after the thanks). */
async function expectMessageState(page: Page, js: boolean, email: string, badge: string) {
  await expect(async () => {
    await open(page, `/admin/messages?email=${encodeURIComponent(email)}`, js);
    await expect(page.getByText(badge, { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

test("route a subject to its own recipients, send a message, and see it delivered in the inbox", { tag: "@nojs" }, async ({ page, browser }, testInfo) => {
  const js = withJs(testInfo);
  const tag = js ? "js" : "nojs";
  const hiring = `hiring-${tag}@kestrelinsight.example`;
  const visitor = `applicant-${tag}-${Date.now()}@example.org`;

  await open(page, "/admin/notifications", js);
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  await expect(page.getByText(/This is a local site: notifications are kept as e-mail files on the server/)).toBeVisible();
  const career = page.getByLabel("Career Inquiry");
  await career.fill(`${hiring}\nnot-an-address`);
  await page.getByRole("button", { name: "Save Notifications" }).click();
  await expect(page.getByText('"not-an-address" is not a valid e-mail address')).toBeVisible();
  await career.fill(hiring);
  await page.getByRole("button", { name: "Save Notifications" }).click();
  await expectNotice(page, "Notification settings updated successfully!");
  await expect(page.getByLabel("Career Inquiry")).toHaveValue(hiring);

  await sendAsVisitor(browser, js, {
    name: "Grace Applicant",
    email: visitor,
    subject: "Career Inquiry",
    message: "I would like to apply for the ML engineer role.",
  });

  await expectMessageState(page, js, visitor, "Notified");
  await page.getByRole("link", { name: "Career Inquiry", exact: true }).click();
  const message = await recordSurface(page, js, "Career Inquiry");
  await expect(message.getByText(hiring, { exact: true })).toBeVisible();
  await expect(message.getByText(/^Sent .* \(kept on the server: this local site does not send e-mail\)$/)).toBeVisible();

  // Resend: queued again for the same recipient, then delivered again.
  await message.getByRole("button", { name: "Resend notification" }).click();
  await expectNotice(page, "Notification queued for 1 recipient.");
});

test("a person's messages: find them by address, export them, erase them", { tag: "@nojs" }, async ({ page, browser }, testInfo) => {
  const js = withJs(testInfo);
  const person = `Subject.Access-${js ? "js" : "nojs"}-${Date.now()}@Example.org`;
  for (const n of [1, 2]) {
    await sendAsVisitor(browser, js, { name: "Sam Person", email: person, subject: "Privacy Rights", message: `Please tell me what you hold (${n}).` });
  }

  await open(page, "/admin/messages", js);
  await page.getByLabel("E-mail address").fill(person.toLowerCase());
  await page.getByRole("button", { name: "Find messages" }).click();
  await expect(page.getByText(`from ${person.toLowerCase()}`)).toBeVisible();
  await expect(page.getByText("2 messages", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Privacy Rights", exact: true })).toHaveCount(2);

  const exported = await page.request.get(`/admin/messages/export.json?email=${encodeURIComponent(person)}`);
  expect(exported.status()).toBe(200);
  expect(exported.headers()["content-disposition"]).toMatch(/^attachment; filename="contact-messages-of-one-person-/);
  const body = (await exported.json()) as { messages: { email: string; message: string }[] };
  expect(body.messages.map((m) => m.message).sort()).toEqual(["Please tell me what you hold (1).", "Please tell me what you hold (2)."]);
  await expect(page.getByRole("link", { name: "Export JSON" })).toHaveAttribute("href", `/admin/messages/export.json?email=${encodeURIComponent(person.toLowerCase())}`);

  await page.getByRole("link", { name: "Erase all 2" }).click();
  const confirm = await recordSurface(page, js, "Erase Personal Data");
  await expect(confirm.getByText(`Erase all 2 messages from ${person.toLowerCase()}? This cannot be undone.`)).toBeVisible();
  await confirm.getByRole("button", { name: "Erase 2 messages" }).click();
  await expectNotice(page, "Erased 2 messages and their notifications.");

  await open(page, `/admin/messages?email=${encodeURIComponent(person)}`, js);
  await expect(page.getByText("No messages from this address.")).toBeVisible();
});

test("how long messages are kept: the form, and the privacy policy saying so", { tag: "@nojs" }, async ({ page }, testInfo) => {
  const js = withJs(testInfo);
  await open(page, "/admin/messages", js);
  await page.getByRole("link", { name: "Change how long messages are kept" }).click();
  const surface = await recordSurface(page, js, "How Long Messages Are Kept");
  await expect(surface.getByText("The privacy policy states this period from this setting.")).toBeVisible();
  await surface.getByLabel("Months").fill("0");
  await surface.getByRole("button", { name: "Save Retention" }).click();
  await expect(surface.getByText("Enter a whole number of months from 1 to 120")).toBeVisible();
  // The same value again: the policy keeps saying 24 months for the other project's tests.
  await surface.getByLabel("Months").fill("24");
  await surface.getByRole("button", { name: "Save Retention" }).click();
  await expectNotice(page, "Retention updated successfully!");
  await expect(page.getByText("Messages are deleted 24 months after they arrive.")).toBeVisible();

  const privacy = await page.request.get("/privacy");
  expect(await privacy.text()).toContain("Contact form messages: deleted automatically 24 months (2 years) after they reach us");
});

test("axe finds nothing on the personal-data screens, at desktop width and at 320 px", { tag: "@nojs" }, async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const js = withJs(testInfo);
  // The notification and retention screens are in careful-visitor.spec.ts's sweep of every admin screen.
  const screens = ["/admin/messages?email=nobody%40example.org", "/admin/messages?email=not-an-address", "/admin/messages/erase?email=nobody%40example.org"];
  for (const screen of screens) {
    await open(page, screen, js);
    await expectNoAxeViolations(page, screen, [1280, 320]);
  }
});
