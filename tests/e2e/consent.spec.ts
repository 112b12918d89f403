// JavaScript only: the timed banner and Google Analytics; @nojs-only: the banner as a form that posts; runs with and without JavaScript (@nojs): the settings on /cookies.
import type { BrowserContext, Page } from "@playwright/test";
import { expect, hydrated, test } from "./support/fixtures";
import { startServerWithMeasurementId } from "./support/measurement-id-server";

const CONSENT_KEY = "kestrel-cookie-consent";
const GOOGLE = /(^|\.)(googletagmanager|google-analytics|analytics\.google)\.com$/;

function banner(page: Page) {
  return page.getByRole("region", { name: "Cookie consent" });
}

async function consentCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === "kestrel_consent")?.value;
}

/** Records every request to Google's hosts and answers it locally: no real network. */
async function watchGoogle(context: BrowserContext): Promise<string[]> {
  const requests: string[] = [];
  await context.route(
    (url) => GOOGLE.test(url.hostname),
    (route) => {
      requests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/javascript", body: "" });
    },
  );
  return requests;
}

/**
 * With JavaScript, a page whose visitor has not chosen shows the banner a second after it is hydrated. The
 * tests load pages under Playwright's clock (installed before the first load; time flows as usual) and,
 * to show that the banner stays away, run it past that second rather than wait: runFor fires the timers
 * due meanwhile, and React renders what they change in a task queued then, before the next check arrives.
 */
async function pastTheBannerDelay(page: Page) {
  await hydrated(page);
  await page.clock.runFor(1_500);
}

test.describe("with JavaScript: the cookie banner", () => {
  test("appears one second after load, not before", async ({ page }) => {
    await page.clock.install();
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    await page.goto("/");
    await hydrated(page);
    // Hydrated: the server's <noscript> banner has been replaced by the timed one.
    await page.waitForFunction(() =>
      [...document.querySelectorAll("noscript")].every((n) => !n.textContent?.includes("data-cookie-banner")),
    );
    await page.clock.runFor(990);
    await expect(banner(page)).toHaveCount(0);
    await page.clock.runFor(20);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Accept" })).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Decline" })).toBeVisible();
  });

  test("Accept saves \"accepted\" and hides it; it does not come back", async ({ page, context }) => {
    const google = await watchGoogle(context);
    await page.clock.install();
    await page.goto("/");
    await pastTheBannerDelay(page);
    await banner(page).getByRole("button", { name: "Accept" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBe("accepted");
    expect(await consentCookie(context)).toBe("accepted");

    const response = await page.reload();
    expect(await response!.text()).not.toContain("data-cookie-banner");
    await pastTheBannerDelay(page);
    await expect(banner(page)).toHaveCount(0);
    // No measurement ID is set on this server: accepting loads nothing from Google (the tag would be in
    // the page by now: it is added as the page is hydrated).
    await expect(page.locator("script[data-gtag]")).toHaveCount(0);
    expect(google).toEqual([]);
    expect((await context.cookies()).filter((c) => c.name.startsWith("_ga"))).toEqual([]);
  });

  test("Decline is as prominent as Accept, saves \"declined\" and hides it", async ({ page, context }) => {
    const google = await watchGoogle(context);
    await page.clock.install();
    await page.goto("/about");
    await pastTheBannerDelay(page);
    const accept = await banner(page).getByRole("button", { name: "Accept" }).boundingBox();
    const decline = banner(page).getByRole("button", { name: "Decline" });
    const box = await decline.boundingBox();
    expect(Math.abs(box!.width - accept!.width)).toBeLessThan(2);
    expect(box!.height).toBe(accept!.height);
    expect(await decline.getAttribute("class")).toBe(await banner(page).getByRole("button", { name: "Accept" }).getAttribute("class"));

    await decline.click();
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBe("declined");
    expect(await consentCookie(context)).toBe("declined");
    await page.reload();
    await pastTheBannerDelay(page);
    await expect(banner(page)).toHaveCount(0);
    expect(google).toEqual([]);
  });

  test("the close icon hides it for this visit only", async ({ page, context }) => {
    await page.clock.install();
    await page.goto("/");
    await pastTheBannerDelay(page);
    await banner(page).getByRole("button", { name: "Close" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBeNull();
    expect(await consentCookie(context)).toBeUndefined();

    await page.getByRole("link", { name: "About", exact: true }).first().click();
    await page.waitForURL(/\/about$/);
    await expect(page.locator("h1")).toHaveText("Clearer investment tools, built on evidence");
    await page.clock.runFor(1_500);
    await expect(banner(page)).toHaveCount(0);

    // The next visit (a new tab: a new browsing session) asks again.
    const next = await context.newPage();
    await next.goto("/research");
    await pastTheBannerDelay(next);
    await expect(banner(next)).toBeVisible();
  });
});

test.describe("without JavaScript: the banner is a form", { tag: "@nojs-only" }, () => {
  test("Accept posts the choice and comes back to the same page without the banner", async ({ page, context }) => {
    await page.goto("/platforms");
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole("button", { name: "Accept" }).click();
    await page.waitForURL(/\/platforms$/);
    await expect(banner(page)).toHaveCount(0);
    expect(await consentCookie(context)).toBe("accepted");
    await page.reload();
    await expect(banner(page)).toHaveCount(0);
  });

  test("Decline posts the choice; the close icon hides it for this browser session only", async ({ page, context, browser, baseURL }) => {
    await page.goto("/research");
    await banner(page).getByRole("button", { name: "Decline" }).click();
    await page.waitForURL(/\/research$/);
    await expect(banner(page)).toHaveCount(0);
    expect(await consentCookie(context)).toBe("declined");

    const fresh = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const other = await fresh.newPage();
    await other.goto("/investors");
    await banner(other).getByRole("button", { name: "Close" }).click();
    await other.waitForURL(/\/investors$/);
    await expect(banner(other)).toHaveCount(0);
    const cookie = (await fresh.cookies()).find((c) => c.name === "kestrel_consent");
    expect(cookie?.value).toBe("dismissed");
    expect(cookie?.expires).toBe(-1); // a session cookie: gone when the browser closes
    await fresh.close();
  });
});

test.describe("cookie settings on /cookies", { tag: "@nojs" }, () => {
  test("show the current choice and change it as easily as it was given", async ({ page, context, baseURL, javaScriptEnabled }) => {
    await context.addCookies([{ name: "kestrel_consent", value: "accepted", url: baseURL! }]);
    await page.goto("/");
    if (javaScriptEnabled) await hydrated(page);
    await page.locator("footer").getByRole("link", { name: "Cookie settings" }).click();
    await page.waitForURL(/\/cookies#cookie-settings$/);
    const settings = page.locator("#cookie-settings");
    await expect(settings.getByText("You have accepted analytics cookies.")).toBeVisible();
    await settings.getByRole("button", { name: "Decline analytics cookies" }).click();
    await expect(settings.getByText("You have declined analytics cookies: none are set.")).toBeVisible();
    await expect.poll(() => consentCookie(context)).toBe("declined");
    await page.reload();
    await expect(settings.getByText("You have declined analytics cookies: none are set.")).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });
});

test.describe("Google Analytics with a measurement ID set", () => {
  const MEASUREMENT_ID = "G-E2ETEST42";
  let server: Awaited<ReturnType<typeof startServerWithMeasurementId>>;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServerWithMeasurementId(MEASUREMENT_ID);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("loads the tag only after Accept, with the page's nonce; page views follow the path; Decline stops it", async ({ page, context }) => {
    test.setTimeout(60_000);
    const google = await watchGoogle(context);
    await context.route(
      (url) => !["localhost", "127.0.0.1"].includes(url.hostname) && !GOOGLE.test(url.hostname),
      (route) => route.abort(),
    );
    await page.clock.install();
    const response = await page.goto(`${server.baseURL}/`);
    expect(response!.headers()["content-security-policy"]).toContain("https://www.googletagmanager.com");
    await pastTheBannerDelay(page);
    await expect(banner(page)).toBeVisible();
    await expect(page.locator("script[data-gtag]")).toHaveCount(0);
    expect(google).toEqual([]);

    await banner(page).getByRole("button", { name: "Accept" }).click();
    await expect.poll(() => google).toEqual([`https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`]);
    const nonce = await page.evaluate(() => (document.querySelector("script[data-gtag]") as HTMLScriptElement).nonce);
    const pageNonce = await page.evaluate(() => (document.querySelector("script[nonce]:not([data-gtag])") as HTMLScriptElement).nonce);
    expect(nonce).not.toBe("");
    expect(nonce).toBe(pageNonce);

    const pageViews = () =>
      page.evaluate(() =>
        (window.dataLayer ?? [])
          .map((entry) => Array.from(entry as ArrayLike<unknown>))
          .filter((args) => args[0] === "event" && args[1] === "page_view")
          .map((args) => (args[2] as { page_path: string }).page_path),
      );
    await expect.poll(pageViews).toEqual(["/"]);
    await page.locator("header").getByRole("link", { name: "About", exact: true }).first().click();
    await page.waitForURL(/\/about$/);
    await expect.poll(pageViews).toEqual(["/", "/about"]);

    // A marked element sends its event.
    await page.evaluate(() => {
      const button = document.createElement("button");
      button.textContent = "Tracked";
      button.dataset.analyticsEvent = "cta_click";
      button.dataset.analyticsLabel = "e2e";
      document.querySelector("main")!.prepend(button);
    });
    await page.getByRole("button", { name: "Tracked" }).click();
    const events = await page.evaluate(() =>
      (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)).filter((args) => args[1] === "cta_click"),
    );
    expect(events).toEqual([["event", "cta_click", { event_category: "engagement", event_label: "e2e" }]]);

    // Decline on the cookie settings: sending stops and the _ga cookies go.
    await page.evaluate(() => {
      document.cookie = "_ga=GA1.1.123.456; path=/";
      document.cookie = `_ga_E2ETEST42=GS1.1.789; path=/`;
    });
    await page.goto(`${server.baseURL}/cookies#cookie-settings`);
    await hydrated(page);
    await page.locator("#cookie-settings").getByRole("button", { name: "Decline analytics cookies" }).click();
    await expect.poll(async () => (await context.cookies()).filter((c) => c.name.startsWith("_ga")).map((c) => c.name)).toEqual([]);
    expect(await page.evaluate(() => typeof window.gtag)).toBe("undefined");

    const before = google.length;
    await page.reload();
    await pastTheBannerDelay(page);
    await expect(page.locator("script[data-gtag]")).toHaveCount(0);
    expect(google.length).toBe(before);
    await expect(banner(page)).toHaveCount(0);
  });
});
