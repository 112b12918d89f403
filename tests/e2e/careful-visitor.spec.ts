// Runs with and without JavaScript (@nojs): the axe sweeps (<noscript> banner, dialogs as pages), SEO tabs, layouts reached through dialogs; @nojs-only: the hero's Reset; JavaScript only: keyboard, checks as you type, layouts the same either way.
import type { Page, TestInfo } from "@playwright/test";
import { PNG } from "pngjs";
import { withJs } from "./support/admin-pages";
import { expectNoAxeViolations } from "./support/axe";
import { expect, hydrated, test } from "./support/fixtures";
import { ADMIN_SCREENS, PUBLIC_PAGES } from "./support/pages";
import { useOperatorSession } from "./support/session";

/**
 * What a careful visitor and operator see: full-page views, phones, keyboard, touch targets, and axe at
 * 320 and 1280 px with JavaScript on and off. Each test names the defect a review found.
 */

async function go(page: Page, path: string, testInfo: TestInfo) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  if (withJs(testInfo)) await hydrated(page);
}

/** The colour of one pixel of a full-page screenshot, as "r,g,b". */
function pixel(png: PNG, x: number, y: number): string {
  const at = (png.width * y + x) << 2;
  return `${png.data[at]},${png.data[at + 1]},${png.data[at + 2]}`;
}

/** Each page is loaded once, at the first width, and axe runs at both; the page is resized in between. */
const WIDTHS = [320, 1280];

test.describe("axe, WCAG 2.2 AA", { tag: "@nojs" }, () => {
  // The sweeps only read, and are the longest tests: the two workers may take one each.
  test.describe.configure({ mode: "parallel" });
  // A few seconds a page and width, and the lists grow with the site: the time is per page and width.
  test("every public page at 320 and 1280 px, with the cookie banner; none scrolls sideways at 320 px", async ({ page }, testInfo) => {
    test.setTimeout(20_000 * WIDTHS.length * PUBLIC_PAGES.length);
    const js = withJs(testInfo);
    // With JavaScript the banner comes a second after load: the fake clock brings that second at once.
    if (js) await page.clock.install();
    await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
    for (const path of PUBLIC_PAGES) {
      await go(page, path, testInfo);
      if (js) await page.clock.runFor(1_000);
      // Without JavaScript the banner is in the page from the start.
      await expect(page.getByRole("region", { name: "Cookie consent" }), path).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} at 320 px`).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, path, WIDTHS);
    }
    await go(page, "/", testInfo);
    expect(PNG.sync.read(await page.screenshot({ fullPage: true })).width).toBe(320);
  });

  test("every admin screen at 320 and 1280 px", async ({ page }, testInfo) => {
    test.setTimeout(20_000 * WIDTHS.length * ADMIN_SCREENS.length);
    await useOperatorSession(page);
    await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
    for (const path of ADMIN_SCREENS) {
      await go(page, path, testInfo);
      await expectNoAxeViolations(page, path, WIDTHS);
    }
  });
});

test.describe("looks broken", () => {
  for (const width of [1280, 1920]) {
    test(`the admin sidebar's colour runs the full height of a long page at ${width} px`, async ({ page }, testInfo) => {
      await useOperatorSession(page);
      await page.setViewportSize({ width, height: 600 });
      await go(page, "/admin/menus", testInfo);
      const png = PNG.sync.read(await page.screenshot({ fullPage: true }));
      expect(png.height).toBeGreaterThan(900);
      // The sidebar's navy at the top and at the very bottom of the page, beside the footer of the content.
      const navy = pixel(png, 5, 5);
      expect(navy).toBe("10,18,34");
      for (const y of [Math.floor(png.height / 2), png.height - 2]) expect(pixel(png, 5, y), `y=${y}`).toBe(navy);
    });
  }
});

test.describe("keyboard", () => {
  test("choosing in the cookie banner keeps the focus in the page, and Escape closes it", async ({ page }, testInfo) => {
    for (const choice of ["Accept", "Decline", "Escape"]) {
      // A choice lives in localStorage and in the cookie, and either brings the other back: clear both.
      await go(page, "/about", testInfo);
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await page.context().clearCookies();
      await go(page, "/about", testInfo);
      const banner = page.getByRole("region", { name: "Cookie consent" });
      await expect(banner).toBeVisible();
      // The skip link is the first stop (issue 38); the banner the next: it covers the foot of the screen, so it comes early.
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("[data-cookie-banner]")))).toBe(true);
      if (choice === "Escape") {
        await page.keyboard.press("Escape");
      } else {
        await banner.getByRole("button", { name: choice }).focus();
        await page.keyboard.press("Enter");
      }
      await expect(banner).toHaveCount(0);
      const focused = await page.evaluate(() => ({ tag: document.activeElement?.tagName, text: document.activeElement?.textContent?.trim() }));
      expect(focused.tag, choice).not.toBe("BODY");
      // The next Tab goes on from there, not from the top of the page.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe("BODY");
    }
    // Escape closed it for this visit only: no choice was saved.
    expect(await page.evaluate(() => localStorage.getItem("kestrel-cookie-consent"))).toBeNull();
  });

  test("after a delete from the keyboard, focus goes to the next row, or to the list's heading when none is left", async ({ page }, testInfo) => {
    await useOperatorSession(page);
    await go(page, "/admin/stats", testInfo);
    const label = (i: number) => `Focus check ${i} ${testInfo.project.name}`;
    for (const i of [1, 2]) {
      await page.getByRole("link", { name: "Add Statistic" }).click();
      const dialog = page.getByRole("dialog", { name: "Add New Statistic" });
      await dialog.getByLabel("Label").fill(label(i));
      await dialog.getByLabel("Value").fill(String(i));
      await dialog.getByLabel("Display Order").fill(String(900 + i));
      await dialog.getByRole("button", { name: "Add Statistic" }).click();
      await expect(dialog).toHaveCount(0);
    }
    // Delete the first of the two with the keyboard: focus lands on the second's first action.
    await page.getByRole("link", { name: `Delete ${label(1)}` }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Delete Statistic" }).getByRole("button", { name: "Delete" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("link", { name: `Edit ${label(2)}` })).toBeFocused();
  });

  test("Enter on Add Product opens its dialog, with the focus in it, every time", async ({ page }, testInfo) => {
    await useOperatorSession(page);
    for (let attempt = 0; attempt < 7; attempt++) {
      await go(page, "/admin/products", testInfo);
      await page.getByRole("link", { name: "Add Product" }).focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Add New Product" });
      await expect(dialog).toBeVisible();
      await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
    }
  });
  test("Enter on Add Product while the page is still loading, on a slow machine, still opens the dialog", async ({ page }) => {
    test.setTimeout(90_000);
    await useOperatorSession(page);
    // A slow phone: the CPU four times slower, every script and data request 300 ms late. Enter comes at
    // once (before hydration: the browser follows the link itself), mid-load (the HTML parsed and the
    // route modules run, React not yet hydrated), and after hydration.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.route(/\/assets\/.*\.js$|\.data(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    const moments: [string, () => Promise<void>][] = [
      ["at once", async () => {}],
      ["mid-load", () => page.waitForLoadState("domcontentloaded")],
      ["after hydration", () => hydrated(page)],
    ];
    for (const [moment, reached] of moments) {
      await page.goto("/admin/products", { waitUntil: "commit" });
      await page.getByRole("link", { name: "Add Product" }).focus();
      await reached();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Add New Product" });
      await expect(dialog, `Enter ${moment}`).toBeVisible({ timeout: 15_000 });
      await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))), { timeout: 15_000 }).toBe(true);
    }
  });
});

test.describe("reads wrong or feels rough", () => {
  test("the contact dialog says nothing about a field just passed through, and checks one that was changed or sent", async ({ page }, testInfo) => {
    await go(page, "/contact", testInfo);
    const form = page.locator("#contact-page-form");
    const name = form.getByLabel("Name");
    await name.focus();
    // Focus brings in the form's checks (contact.spec.ts tests typing before they arrive).
    await expect(page.locator("[data-form-state]")).toHaveAttribute("data-form-state", "enhanced");
    await page.keyboard.press("Tab");
    await expect(form.getByText("Name must be at least 2 characters")).toHaveCount(0);
    await name.fill("A");
    await page.keyboard.press("Tab");
    await expect(form.getByText("Name must be at least 2 characters")).toBeVisible();
    await name.fill("Ada");
    await expect(form.getByText("Name must be at least 2 characters")).toHaveCount(0);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("Subject must be at least 3 characters")).toBeVisible();
  });

  test("the contact form's fields are evenly spaced", async ({ page }, testInfo) => {
    await go(page, "/contact", testInfo);
    const form = page.locator("#contact-page-form");
    const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
    // From the foot of each control to the top of what follows it: the next field's label, or the buttons.
    const email = await box('[form="contact-page-form"][name="email"]');
    const subjectLabel = await box('label[for$="-subject"]');
    const subject = await box('[form="contact-page-form"][name="subject"]');
    const messageLabel = await box('label[for$="-message"]');
    const message = await box('[form="contact-page-form"][name="message"]');
    const send = (await form.getByRole("button", { name: "Send Message" }).boundingBox())!;
    const gaps = [subjectLabel.y - (email.y + email.height), messageLabel.y - (subject.y + subject.height), send.y - (message.y + message.height)];
    expect(Math.max(...gaps) - Math.min(...gaps), gaps.join(", ")).toBeLessThanOrEqual(1);
  });

  // With JavaScript Reset is a toast, tested with the hero editor (admin.spec.ts).
  test("without JavaScript, the hero's Reset says it reset, in place of the last save's notice", { tag: "@nojs-only" }, async ({ page }, testInfo) => {
    await useOperatorSession(page);
    await go(page, "/admin/hero", testInfo);
    const subtitle = page.getByLabel("Subtitle");
    const original = await subtitle.inputValue();
    await subtitle.fill(`${original} `);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Hero content updated successfully!").first()).toBeVisible();
    await page.getByLabel("Title", { exact: true }).fill("Typed but not saved");
    await page.getByRole("button", { name: "Reset" }).click();
    await expect(page.getByText("Form has been reset to original values.").first()).toBeVisible();
    await expect(page.getByText("Hero content updated successfully!")).toHaveCount(0);
    await expect(page.getByLabel("Title", { exact: true })).not.toHaveValue("Typed but not saved");
  });

  test("at 320 px: every SEO tab is whole, the company name is whole, the cookie list needs no sideways scroll", { tag: "@nojs" }, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await go(page, "/cookies", testInfo);
    const name = page.getByRole("banner").getByRole("link").first().locator("span").last();
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(name).toHaveText("Kestrel Insight Ltd");
    const cookies = page.getByRole("list", { name: "Cookies we use" });
    await expect(cookies).toBeVisible();
    expect(await cookies.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(cookies.getByText("Strictly necessary").first()).toBeVisible();

    await useOperatorSession(page);
    await go(page, "/admin/seo", testInfo);
    const tabs = withJs(testInfo) ? page.getByRole("tab") : page.getByRole("navigation", { name: "SEO & Analytics sections" }).getByRole("button");
    await expect(tabs).toHaveCount(4);
    for (const tab of await tabs.all()) {
      const whole = await tab.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return el.scrollWidth <= el.clientWidth && box.right <= document.documentElement.clientWidth && box.left >= 0;
      });
      expect(whole, (await tab.textContent()) ?? "").toBe(true);
    }
  });

  test("at 1280 px: product cards' actions line up, a message's Close stays with its row, the dashboard's cards match", { tag: "@nojs" }, async ({ page }, testInfo) => {
    await useOperatorSession(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    // A product whose long name wraps, beside one whose name does not.
    await go(page, "/admin/products/new", testInfo);
    const surface = withJs(testInfo) ? page.getByRole("dialog", { name: "Add New Product" }) : page.locator("main");
    const longName = `A platform with a deliberately long name that wraps onto a second line ${testInfo.project.name}`;
    await surface.getByLabel("Product Name").fill(longName);
    await surface.getByLabel("Description").fill("Checks that the cards' actions line up.");
    await surface.getByLabel("URL").fill("/platforms");
    await surface.getByLabel("Display Order").fill("0");
    await surface.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByText("Product created successfully!").first()).toBeVisible();
    await go(page, "/admin/products", testInfo);
    const edits = page.getByRole("link", { name: /^Edit / });
    const first = (await edits.nth(0).boundingBox())!;
    const second = (await edits.nth(1).boundingBox())!;
    expect(first.y).toBe(second.y);

    await go(page, "/contact", testInfo);
    await page.locator("#contact-page-form").getByLabel("Name").fill("Layout Check");
    await page.locator("#contact-page-form").getByLabel("Email").fill("layout@example.com");
    await page.locator("#contact-page-form").getByLabel("Subject").fill("Layout check");
    await page.locator("#contact-page-form").getByLabel("Message").fill("A message to open in the admin inbox.");
    await page.locator("#contact-page-form").getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(/Thank you/).first()).toBeVisible();
    await go(page, "/admin/messages", testInfo);
    await page.getByRole("link", { name: /Layout check/ }).first().click();
    const close = (await page.getByRole("link", { name: "Close" }).boundingBox())!;
    const remove = (await page.getByRole("link", { name: "Delete", exact: true }).boundingBox())!;
    expect(Math.abs(close.y + close.height / 2 - (remove.y + remove.height / 2))).toBeLessThanOrEqual(4);

    await go(page, "/admin", testInfo);
    const activity = (await page.locator('section[aria-labelledby="recent-activity"]').boundingBox())!;
    const status = (await page.locator('section[aria-labelledby="content-status"]').boundingBox())!;
    expect(status.height).toBe(activity.height);

    // Leave the products as they were.
    await go(page, "/admin/products", testInfo);
    const edit = await page.getByRole("link", { name: `Edit ${longName}` }).getAttribute("href");
    await page.request.post(edit!.replace("/edit", "/delete"), { form: {} });
  });

  test("on Careers, each role's Apply comes after its description", async ({ page }, testInfo) => {
    await go(page, "/careers", testInfo);
    for (const role of await page.locator("article[id]").all()) {
      const description = (await role.locator("p").nth(1).boundingBox())!;
      const apply = (await role.getByRole("link", { name: /Apply/ }).boundingBox())!;
      expect(apply.y).toBeGreaterThan(description.y + description.height);
    }
  });

  test("the statistics strip says what its figures mean", async ({ page }, testInfo) => {
    await go(page, "/", testInfo);
    await expect(page.getByText("Phases on our path to direct FCA authorisation")).toBeVisible();
    await expect(page.getByText("Phase UK regulatory plan")).toHaveCount(0);
  });
});
