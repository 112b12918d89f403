import fs from "node:fs";
import { createRequire } from "node:module";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PUBLIC_PAGES, RETIRED_ADDRESS } from "../e2e/support/pages";
import { startServer, type RunningServer } from "../helpers/server-process";

/**
 * A second engine: Firefox (Gecko), driven over WebDriver BiDi by puppeteer-core, runs what a visitor
 * and an operator do most against the production build: every public page at 320 and 1280 px (no
 * sideways scroll, axe WCAG 2.2 AA clean), the contact dialog, and an operator's edit of the hero.
 */

const FIREFOX = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
// The public pages a visitor reaches (the not-found page answers 404, which open() refuses).
// Pages only: the not-found page, and the retired address (a rule only the end-to-end database has).
const PUBLIC = PUBLIC_PAGES.filter((path) => path !== "/no-such-page" && path !== RETIRED_ADDRESS);
const WIDTHS = [320, 1280];
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const SUBJECT = `Firefox check ${Date.now()}`;

let server: RunningServer;
let browser: Browser;
let site: string;

beforeAll(async () => {
  if (!fs.existsSync(FIREFOX)) {
    throw new Error(`No Firefox at ${FIREFOX}. Install Debian's firefox-esr (apt-get install -y firefox-esr) or set FIREFOX_PATH.`);
  }
  server = await startServer({ CONTACT_RATE_LIMIT: "1000", SIGN_IN_RATE_LIMIT: "1000" });
  // The site's own origin (PUBLIC_URL), so cookies and the same-origin checks on writes see what a visitor's browser sends.
  site = `http://localhost:${server.port}`;
  browser = await puppeteer.launch({ browser: "firefox", executablePath: FIREFOX, headless: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Resolves once React has hydrated the page (app/root.tsx marks <html>), so clicks reach the app. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated]");
}

async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${site}${path}`);
  // 304 when Firefox revalidates a page it has already seen (the page cache's ETag).
  expect([200, 304], path).toContain(response?.status());
  await hydrated(page);
  // The widths measured are those of the site's own fonts, not of the fallback drawn while they load.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** axe in the page: evaluated by the browser's automation channel, which the site's strict CSP does not govern. */
async function axeViolations(page: Page): Promise<string[]> {
  if ((await page.evaluate("typeof axe")) === "undefined") await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate(
    `axe.run(document, { runOnly: { type: "tag", values: ${JSON.stringify(WCAG_TAGS)} }, resultTypes: ["violations"] })`,
  )) as { violations: { id: string; nodes: { target: string[] }[] }[] };
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("Firefox", () => {
  // Each page is loaded once and checked at both widths, resized in place (no page's markup depends on the
  // width it was loaded at; CSS alone lays it out), as the Chromium sweep does.
  test("every public page at 320 and 1280 px: no sideways scroll, one heading, axe finds nothing", async () => {
    const page = await browser.newPage();
    try {
      for (const path of PUBLIC) {
        await page.setViewport({ width: WIDTHS[0]!, height: 900 });
        await open(page, path);
        expect(await page.$$eval("h1", (headings) => headings.length), path).toBe(1);
        for (const width of WIDTHS) {
          await page.setViewport({ width, height: 900 });
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
          expect(await axeViolations(page), `${path} at ${width}px`).toEqual([]);
        }
      }
    } finally {
      await page.close();
    }
  });

  test("the contact dialog opens from a contact link, refuses an empty form, and sends a message", async () => {
    const page = await browser.newPage();
    try {
      await page.setViewport({ width: 1280, height: 900 });
      await open(page, "/about");
      await page.click('main a[data-contact="General Inquiry"]');
      const dialog = await page.waitForSelector('::-p-aria([name="Contact us"][role="dialog"])');
      expect(dialog).not.toBeNull();
      expect(await page.$eval('[role="dialog"] [name="subject"]', (input) => (input as HTMLInputElement).value)).toBe("General Inquiry");
      // The focus starts in the dialog, on its first field.
      expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");

      await page.$eval('[role="dialog"] [name="subject"]', (input) => ((input as HTMLInputElement).value = ""));
      await page.click('[role="dialog"] button[type="submit"]');
      await page.waitForSelector('::-p-text(Name must be at least 2 characters)');

      await page.type('[role="dialog"] [name="name"]', "Grace Firefox");
      await page.type('[role="dialog"] [name="email"]', "grace@example.com");
      await page.type('[role="dialog"] [name="subject"]', SUBJECT);
      await page.type('[role="dialog"] [name="message"]', "Sent from Firefox to check the dialog in a second engine.");
      await page.click('[role="dialog"] button[type="submit"]');
      await page.waitForSelector("::-p-text(Thank you! Your message has been sent successfully.)");
    } finally {
      await page.close();
    }
  });

  test("an operator signs in, finds the message, and edits the hero; a visitor sees the new subtitle", async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    try {
      await page.setViewport({ width: 1280, height: 900 });
      await page.goto(`${site}/api/login`);
      await page.waitForSelector("::-p-text(Sign in to Kestrel Insight)");
      await page.type("::-p-aria(E-mail address)", "admin@kestrelinsight.example");
      await page.type("::-p-aria(First name)", "Grace");
      await Promise.all([page.waitForNavigation(), page.click('::-p-aria([name="Sign in"][role="button"])')]);
      expect(new URL(page.url()).pathname).toBe("/admin");
      await hydrated(page);

      await open(page, "/admin/messages");
      expect(await page.$(`::-p-text(${SUBJECT})`)).not.toBeNull();

      await open(page, "/admin/hero");
      const subtitle = `Checked in Firefox ${Date.now()}`;
      await page.$eval("#hero-subtitle", (field) => ((field as HTMLTextAreaElement).value = ""));
      await page.type("#hero-subtitle", subtitle);
      await page.click('::-p-aria([name="Save Changes"][role="button"])');
      await page.waitForSelector("::-p-text(Hero content updated successfully!)");

      // In the browser that saw the old home page in the first test: it must not show that copy again.
      const visitor = await browser.newPage();
      try {
        await open(visitor, "/");
        expect(await visitor.$(`::-p-text(${subtitle})`)).not.toBeNull();
      } finally {
        await visitor.close();
      }
    } finally {
      await context.close();
    }
  });
});
