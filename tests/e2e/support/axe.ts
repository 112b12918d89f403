import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * axe finds nothing on the page. axe runs inside the page, which a context without JavaScript forbids.
 * So in the no-JavaScript project, the same URL is loaded in a context whose scripts are all removed and
 * whose <noscript> content is shown: the page as a browser without JavaScript renders it.
 */
export async function expectNoAxeViolations(page: Page, label = page.url()) {
  if (test.info().project.use.javaScriptEnabled !== false) {
    expect(await axeViolations(page), label).toEqual([]);
    return;
  }
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  try {
    await context.addCookies(await page.context().cookies());
    await context.route("**/*", async (route) => {
      const request = route.request();
      if (request.resourceType() === "script") return route.abort();
      if (request.resourceType() !== "document") return route.continue();
      const response = await route.fetch();
      const html = (await response.text())
        .replace(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, "")
        .replace(/<noscript>/g, "<div>")
        .replace(/<\/noscript>/g, "</div>");
      return route.fulfill({ response, body: html });
    });
    const copy = await context.newPage();
    await copy.goto(page.url());
    expect(await axeViolations(copy), label).toEqual([]);
  } finally {
    await context.close();
  }
}
