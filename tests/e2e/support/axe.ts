import { createRequire } from "node:module";
import { expect, test, type Page } from "@playwright/test";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe-core, the version @axe-core/playwright depends on. */
const { source: AXE_SOURCE } = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))("axe-core") as { source: string };

/**
 * axe's WCAG violations in the page's document. axe is put in the page once per document and run in it
 * directly: @axe-core/playwright's analyze() puts it in again every time and finishes each run in a page
 * of its own, which took three times as long. Its frame handling is not needed: no page has a frame.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  expect(page.frames(), "axe runs in the top document only").toHaveLength(1);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } };
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags } });
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }, WCAG_TAGS);
  return violations;
}

interface AxeResults {
  violations: { id: string; nodes: { target: string[] }[] }[];
}

/**
 * axe finds nothing on the page: at its current width, or at each of `widths` in turn, resizing the page
 * in place (no page's markup depends on the width it was loaded at; CSS alone lays it out), then back.
 *
 * axe runs inside the page, which a context without JavaScript forbids. So in the no-JavaScript project,
 * the page's document as this browser parsed it (the answer to a post too) is shown to a context that may
 * run axe, its scripts taken out and its <noscript> content kept: the page as a browser without JavaScript
 * renders it.
 */
export async function expectNoAxeViolations(page: Page, label = page.url(), widths: number[] = []) {
  const check = async (target: Page) => {
    const viewport = target.viewportSize()!;
    if (widths.length === 0) {
      expect(await axeViolations(target), label).toEqual([]);
      return;
    }
    try {
      for (const width of widths) {
        await target.setViewportSize({ width, height: viewport.height });
        expect(await axeViolations(target), `${label} at ${width} px`).toEqual([]);
      }
    } finally {
      await target.setViewportSize(viewport);
    }
  };
  if (test.info().project.use.javaScriptEnabled !== false) return check(page);

  const html = (await page.content())
    .replace(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link[^>]*rel="modulepreload"[^>]*>/g, "")
    .replace(/<noscript>/g, "<div>")
    .replace(/<\/noscript>/g, "</div>");
  const address = new URL(page.url());
  address.hash = "";
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  try {
    await context.addCookies(await page.context().cookies());
    await context.route(
      (url) => url.href === address.href,
      (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
    );
    const copy = await context.newPage();
    await copy.goto(address.href);
    await check(copy);
  } finally {
    await context.close();
  }
}
