// Runs with and without JavaScript (@nojs): the waitlist's forms post natively either way.
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import { expectNoAxeViolations } from "./support/axe";
import { open, withJs } from "./support/admin-pages";
import { expect, hydrated, test, workerSite } from "./support/fixtures";
import { useOperatorSession } from "./support/session";

/**
 * The waitlist end to end (issue 40): a visitor joins from the Portfolio Manager card, the confirmation
 * e-mail is read from the .eml file the outbox writes (the end-to-end server has no SMTP_URL), its link
 * confirms, the operator sees the entry counted on /admin/waitlist, and the e-mail's unsubscribe link
 * unsubscribes. axe checks every page on the way.
 */

const SENT =
  "Thank you. Please check your e-mail: if this address is not yet confirmed, we have sent it a link to confirm your place. The link works for 7 days.";

/** The confirmation e-mail written for this address, once the outbox has written it. */
async function mailTo(address: string): Promise<ParsedMail> {
  const dir = path.join(workerSite().dataDir, "mail");
  let found: ParsedMail | undefined;
  await expect(async () => {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.endsWith(".eml")) : [];
    for (const file of files) {
      const raw = fs.readFileSync(path.join(dir, file));
      if (!raw.includes(address)) continue;
      const parsed = await simpleParser(raw);
      if (parsed.subject?.includes("waitlist")) found = parsed;
    }
    expect(found, `an e-mail to ${address} in ${dir}`).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return found!;
}

async function asVisitor<T>(browser: Browser, js: boolean, work: (page: Page) => Promise<T>): Promise<T> {
  const visitor = await browser.newContext({ javaScriptEnabled: js });
  try {
    return await work(await visitor.newPage());
  } finally {
    await visitor.close();
  }
}

test(
  "join from the Portfolio Manager card, confirm from the e-mail, be counted, unsubscribe from the e-mail",
  { tag: "@nojs" },
  async ({ page, browser }, testInfo) => {
    const js = withJs(testInfo);
    const address = `waitlist-${js ? "js" : "nojs"}-${Date.now()}@example.org`;

    const mail = await asVisitor(browser, js, async (visitor) => {
      // The home page's carousel links the card to its waitlist too.
      await visitor.goto("/");
      await expect(visitor.locator('a[href="/waitlist?platform=portfolio-manager"]').first()).toBeAttached();

      await visitor.goto("/platforms");
      if (js) await hydrated(visitor);
      const card = visitor
        .locator("article")
        .filter({ has: visitor.getByRole("heading", { name: "Portfolio Manager", exact: true }) });
      const join = card.getByRole("link", { name: "Join the waitlist for Portfolio Manager" });
      await join.click();
      // With JavaScript the same form opens in a dialog in place; without, the link goes to the page.
      const form = js ? visitor.getByRole("dialog", { name: "Join the waitlist" }) : visitor.locator("main");
      const formId = js ? "waitlist-dialog-form" : "waitlist-form";
      if (js) {
        await expect(form).toBeVisible();
        await expect(visitor).toHaveURL(/\/platforms$/);
      } else {
        await expect(visitor).toHaveURL(/\/waitlist\?platform=portfolio-manager$/);
        await expect(visitor.getByRole("heading", { name: "Join the waitlist", level: 1 })).toBeVisible();
      }
      await expect(form.getByText("We will e-mail you when it opens, and nothing else", { exact: true })).toBeVisible();
      await expect(form.getByRole("checkbox", { name: "Portfolio Manager" })).toBeChecked();
      await expectNoAxeViolations(visitor, js ? "/platforms, the waitlist dialog" : "/waitlist");

      // A wrong address: the message under the field, tied to it.
      await form.getByLabel("Email").fill("not-an-address");
      await form.getByRole("button", { name: "Join the waitlist" }).click();
      await expect(form.getByText("Please enter a valid email address")).toBeVisible();
      await expect(form.getByLabel("Email")).toHaveAttribute("aria-describedby", `${formId}-email-error`);
      await expect(form.getByRole("checkbox", { name: "Portfolio Manager" })).toBeChecked();
      await expectNoAxeViolations(visitor, js ? "the waitlist dialog with an error" : "/waitlist with an error");

      await form.getByLabel("Email").fill(address);
      await form.getByLabel("First name (optional)").fill("Ada");
      await form.getByRole("button", { name: "Join the waitlist" }).click();
      await expect(form.getByText(SENT)).toBeVisible();
      if (js) {
        // The confirmation is shown in the dialog; Escape closes it and focus goes back to the link.
        await expect(visitor).toHaveURL(/\/platforms$/);
        await visitor.keyboard.press("Escape");
        await expect(form).toBeHidden();
        await expect(join).toBeFocused();
      }
      return mailTo(address);
    });

    expect(mail.subject).toBe("Confirm your place on the Kestrel Insight waitlist");
    // RFC 8058: the one-click unsubscribe headers, as the mail client reads them.
    const header = (name: string) =>
      mail.headerLines
        .find((line) => line.key === name)
        ?.line.replace(/^[^:]+:\s*/, "")
        .replace(/\s+/g, " ") ?? "";
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const unsubscribeLink = new URL(/^<([^>]+)>/.exec(header("list-unsubscribe"))![1]!);
    expect(unsubscribeLink.pathname).toBe("/waitlist/unsubscribe");
    const confirmLink = new URL(/https?:\/\/\S+\/waitlist\/confirm\?token=\S+/.exec(mail.text ?? "")![0]);

    await asVisitor(browser, js, async (visitor) => {
      await visitor.goto(`${confirmLink.pathname}${confirmLink.search}`);
      await expectNoAxeViolations(visitor, "/waitlist/confirm");
      await visitor.getByRole("button", { name: "Confirm" }).click();
      await expect(
        visitor.getByText(
          "Your place on the waitlist is confirmed. We will e-mail you when it opens, and nothing else.",
        ),
      ).toBeVisible();
      await expectNoAxeViolations(visitor, "/waitlist/confirm, confirmed");
    });

    await useOperatorSession(page);
    await open(page, `/admin/waitlist?q=${encodeURIComponent(address)}`, js);
    await expect(page.getByRole("heading", { name: "Waitlist", level: 1 })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: address });
    await expect(row.getByText("Confirmed", { exact: true })).toBeVisible();
    const counts = page
      .getByRole("table", { name: "Waitlist entries per platform and status" })
      .getByRole("row", { name: /Portfolio Manager/ });
    await expect(counts).toBeVisible();
    const confirmedCell = counts.getByRole("cell").nth(1);
    expect(Number(await confirmedCell.textContent())).toBeGreaterThanOrEqual(1);
    await expectNoAxeViolations(page, "/admin/waitlist");

    await asVisitor(browser, js, async (visitor) => {
      await visitor.goto(`${unsubscribeLink.pathname}${unsubscribeLink.search}`);
      await expectNoAxeViolations(visitor, "/waitlist/unsubscribe");
      await visitor.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(
        visitor.getByText("You are unsubscribed. We will not e-mail you about the waitlist again."),
      ).toBeVisible();
    });

    await open(page, `/admin/waitlist?q=${encodeURIComponent(address)}`, js);
    await expect(
      page.getByRole("row").filter({ hasText: address }).getByText("Unsubscribed", { exact: true }),
    ).toBeVisible();
  },
);
