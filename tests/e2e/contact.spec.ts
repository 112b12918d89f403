// JavaScript only: the contact dialog and the contact page's upgrade; runs with and without JavaScript (@nojs): the contact page's form, which posts natively without it.
import type { Browser, Page, Request, Route } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, hydrated, test } from "./support/fixtures";
import { useOperatorSession } from "./support/session";

const THANK_YOU = "Thank you! Your message has been sent successfully.";
const MESSAGES = {
  name: "Name must be at least 2 characters",
  email: "Please enter a valid email address",
  subject: "Subject must be at least 3 characters",
  message: "Message must be at least 10 characters",
};

/** Every test starts with the cookie choice made, so the banner stays out of the way. */
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "kestrel_consent", value: "declined", url: baseURL! }]);
});

function isContactPost(request: Request) {
  return request.method() === "POST" && new URL(request.url()).pathname.startsWith("/contact");
}

/** Answers the contact form's POST with `handle`; everything else goes through. */
async function onContactPost(page: Page, handle: (route: Route) => Promise<void>) {
  await page.route(/\/contact/, (route) => (isContactPost(route.request()) ? handle(route) : route.fallback()));
}

/** The message arrived in the database: an operator sees it, with its fields, in the admin inbox. */
async function expectInInbox(browser: Browser, fields: { name: string; email: string; subject: string; message: string }) {
  const operator = await browser.newContext();
  const page = await operator.newPage();
  await useOperatorSession(page);
  await page.goto("/admin/messages");
  const row = page.getByRole("listitem").filter({ hasText: fields.message });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(fields.subject);
  await expect(row).toContainText(`${fields.name} <${fields.email}>`);
  await operator.close();
}

test.describe("with JavaScript: the contact dialog", () => {
  async function openFromAbout(page: Page) {
    await page.goto("/about");
    await hydrated(page);
    const link = page.locator('main a[data-contact="General Inquiry"]').first();
    await link.click();
    const dialog = page.getByRole("dialog", { name: "Contact us" });
    await expect(dialog).toBeVisible();
    return { link, dialog };
  }

  test("opens from a contact link with its preset subject, shows each validation message, and Cancel returns focus", async ({ page }) => {
    const { link, dialog } = await openFromAbout(page);
    expect(page.url()).toMatch(/\/about$/);
    await expect(dialog.getByLabel("Subject")).toHaveValue("General Inquiry");
    await expect(dialog.getByLabel("Name")).toBeFocused();

    await dialog.getByLabel("Subject").fill("");
    await dialog.getByRole("button", { name: "Send Message" }).click();
    for (const [field, message] of Object.entries(MESSAGES)) {
      const input = dialog.getByLabel(field[0]!.toUpperCase() + field.slice(1));
      await expect(input).toHaveAttribute("aria-invalid", "true");
      await expect(dialog.getByText(message)).toBeVisible();
    }
    // A field's message goes as soon as what is typed satisfies the rule.
    await dialog.getByLabel("Name").fill("Ada");
    await expect(dialog.getByText(MESSAGES.name)).toBeHidden();
    await dialog.getByLabel("Email").fill("ada@");
    await expect(dialog.getByText(MESSAGES.email)).toBeVisible();

    await expectNoAxeViolations(page, "the contact dialog with its messages");

    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();

    // Opening again starts a fresh form with the link's subject.
    await link.click();
    await expect(dialog.getByLabel("Name")).toHaveValue("");
    await expect(dialog.getByLabel("Subject")).toHaveValue("General Inquiry");
    await expect(dialog.getByText(MESSAGES.name)).toBeHidden();
  });

  test("sends a message: Sending..., the thank-you panel and toast, then closes itself after 2 s", async ({ page, browser }) => {
    const sent = {
      name: "Grace Hopper",
      email: "grace@example.org",
      subject: "Partnership idea",
      message: `We would like to talk about a data partnership (${Date.now()}).`,
    };
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await onContactPost(page, async (route) => {
      await held;
      await route.continue();
    });
    const { link, dialog } = await openFromAbout(page);
    await dialog.getByLabel("Name").fill(sent.name);
    await dialog.getByLabel("Email").fill(sent.email);
    await dialog.getByLabel("Subject").fill(sent.subject);
    await dialog.getByLabel("Message").fill(sent.message);
    await dialog.getByRole("button", { name: "Send Message" }).click();

    const pending = dialog.getByRole("button", { name: "Sending..." });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    release();

    await expect(dialog.getByText(THANK_YOU)).toBeVisible();
    const sentAt = Date.now();
    await expect(page.getByText("Message sent", { exact: true })).toBeVisible();
    await expect(page.getByText("Thank you for contacting us. We'll get back to you soon.", { exact: true })).toBeVisible();

    await expect(dialog).toBeHidden({ timeout: 5000 });
    const closedAfter = Date.now() - sentAt;
    expect(closedAfter).toBeGreaterThan(1500);
    expect(closedAfter).toBeLessThan(4000);
    await expect(link).toBeFocused();

    // The success flag is cleared: the next opening is a fresh form.
    await link.click();
    await expect(dialog.getByLabel("Name")).toHaveValue("");
    await expect(dialog.getByText(THANK_YOU)).toBeHidden();

    await expectInInbox(browser, sent);
  });

  test("when the server refuses, shows the error toast and stays open with what was typed", async ({ page }) => {
    await onContactPost(page, (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "boom" }));
    // A sent message closes the dialog 2 s after the thanks: the clock runs past that instead of waiting.
    await page.clock.install();
    const { dialog } = await openFromAbout(page);
    await dialog.getByLabel("Name").fill("Grace Hopper");
    await dialog.getByLabel("Email").fill("grace@example.org");
    await dialog.getByLabel("Message").fill("This message will not get through.");
    await dialog.getByRole("button", { name: "Send Message" }).click();

    const toast = page.locator("li").filter({ hasText: "Failed to send message. Please try again." });
    await expect(toast).toBeVisible();
    await expect(toast.getByText("Error", { exact: true })).toBeVisible();
    await page.clock.runFor(2_500);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Name")).toHaveValue("Grace Hopper");
    await expect(dialog.getByLabel("Message")).toHaveValue("This message will not get through.");
    await expect(dialog.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  test("e-mail links and the footer's contact address open the dialog instead of navigating", async ({ page }) => {
    await page.goto("/careers");
    await hydrated(page);
    await page.locator("footer a[data-contact]").first().click();
    const dialog = page.getByRole("dialog", { name: "Contact us" });
    await expect(dialog.getByLabel("Subject")).toHaveValue("");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.evaluate(() => {
      const a = document.createElement("a");
      a.href = "mailto:press@kestrelinsight.example?subject=Press%20Inquiry";
      a.textContent = "press@kestrelinsight.example";
      document.querySelector("main")!.prepend(a);
    });
    await page.getByRole("link", { name: "press@kestrelinsight.example" }).click();
    await expect(dialog.getByLabel("Subject")).toHaveValue("Press Inquiry");
    expect(page.url()).toMatch(/\/careers$/);
  });
});

test.describe("the contact page", { tag: "@nojs" }, () => {
  test("prefills the subject from the link and refuses invalid input with each field's message", async ({ page, javaScriptEnabled }) => {
    await page.goto("/contact?subject=Investment%20Inquiry");
    if (javaScriptEnabled) await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact us");
    const form = page.locator("#contact-page-form");
    await expect(form.getByLabel("Subject")).toHaveValue("Investment Inquiry");
    await form.getByLabel("Name").fill("A");
    await form.getByLabel("Email").fill("not-an-address");
    await form.getByLabel("Subject").fill("Hi");
    await form.getByLabel("Message").fill("Short");
    await form.getByRole("button", { name: "Send Message" }).click();

    for (const [field, message] of Object.entries(MESSAGES)) {
      const input = form.getByLabel(field[0]!.toUpperCase() + field.slice(1));
      await expect(input).toHaveAttribute("aria-invalid", "true");
      const describedBy = await input.getAttribute("aria-describedby");
      await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(message);
    }
    // What was typed is kept.
    await expect(form.getByLabel("Name")).toHaveValue("A");
    await expect(form.getByLabel("Message")).toHaveValue("Short");
    // axe runs in the page: only where JavaScript is on (the no-JavaScript markup is the same).
    if (javaScriptEnabled) await expectNoAxeViolations(page, "the contact page with its messages");
  });

  test("sends a message, which arrives in the database, and shows the thank-you panel", async ({ page, browser, javaScriptEnabled }) => {
    const sent = {
      name: "Katherine Johnson",
      email: "katherine@example.org",
      subject: "Career Inquiry",
      message: `I would like to apply for the ML engineer role (${Date.now()}).`,
    };
    await page.goto("/contact?subject=Career%20Inquiry");
    if (javaScriptEnabled) await hydrated(page);
    const form = page.locator("#contact-page-form");
    await form.getByLabel("Name").fill(sent.name);
    await form.getByLabel("Email").fill(sent.email);
    await form.getByLabel("Message").fill(sent.message);
    const [response] = await Promise.all([
      page.waitForResponse((r) => isContactPost(r.request())),
      form.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(response.status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: THANK_YOU })).toBeVisible();
    // The confirmation shows once: the panel; with JavaScript the toast says it too, without there is no second notice.
    await expect(page.getByText(THANK_YOU)).toHaveCount(1);
    if (javaScriptEnabled) await expect(page.getByText("Message sent", { exact: true })).toBeVisible();
    else await expect(page.getByText("Message sent", { exact: true })).toHaveCount(0);
    if (javaScriptEnabled) await expect(page.getByText("Thank you for contacting us. We'll get back to you soon.", { exact: true })).toBeVisible();
    // The form is fresh again.
    await expect(page.locator("#contact-page-form").getByLabel("Name")).toHaveValue("");

    await expectInInbox(browser, sent);
  });
});

test.describe("with JavaScript: the contact page's form", () => {
  test("a field left changed before the form's checks arrive is checked when they do", async ({ page }) => {
    // A slow connection: the validation code is held back until the visitor has typed and moved on.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/contact-validation-[^/]*\.js$/, async (route) => {
      asked = true;
      await released;
      await route.continue();
    });
    await page.goto("/contact");
    await hydrated(page);
    const form = page.locator("#contact-page-form");
    const name = form.getByLabel("Name");
    await name.focus();
    await expect(page.locator("[data-form-state]")).toHaveAttribute("data-form-state", "enhanced");
    await name.fill("A");
    await page.keyboard.press("Tab");
    await expect.poll(() => asked).toBe(true);
    await expect(form.getByText(MESSAGES.name)).toHaveCount(0);
    release();
    await expect(form.getByText(MESSAGES.name)).toBeVisible();
  });

  test("loads its validation code only when used, looks the same after, and keeps what was typed and the focus", async ({ page }) => {
    await page.goto("/contact?subject=Press%20Inquiry");
    await hydrated(page);
    const wrapper = page.locator('[data-form-state]');
    const form = page.locator("#contact-page-form");
    await expect(wrapper).toHaveAttribute("data-form-state", "plain");
    const scriptsLoaded = () => page.evaluate(() => performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith(".js")).length);
    const scriptsBefore = await scriptsLoaded();
    const plainMarkup = await form.evaluate((element) => element.outerHTML);

    // Typing straight away: the first keystrokes land in the plain form, the rest in the Conform form.
    const name = form.getByLabel("Name");
    await name.click();
    await name.pressSequentially("Grace Hopper", { delay: 15 });
    await expect(wrapper).toHaveAttribute("data-form-state", "enhanced");
    expect(await scriptsLoaded()).toBeGreaterThan(scriptsBefore);
    await expect(name).toHaveValue("Grace Hopper");
    await expect(name).toBeFocused();
    await expect(form.getByLabel("Subject")).toHaveValue("Press Inquiry");

    // The same markup, field for field (the values typed are properties, not attributes).
    expect(await form.evaluate((element) => element.outerHTML)).toBe(plainMarkup);

    // Now it validates in the browser, with SPEC's message, before anything is sent.
    let posted = false;
    page.on("request", (request) => (posted ||= isContactPost(request)));
    await form.getByLabel("Email").fill("not-an-address");
    await form.getByLabel("Message").focus();
    await expect(page.locator('[id="contact-page-form-email-error"]')).toHaveText(MESSAGES.email);
    expect(posted).toBe(false);
  });
});
