import { createRequire } from "node:module";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** axe-core, the version @axe-core/playwright depends on. */
const { source: AXE_SOURCE } = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))("axe-core") as { source: string };

/**
 * axe's WCAG violations in the page's document. axe is put in the page's context once, as a script that
 * runs in each new document (sending its 500 KB over the automation channel for every page took a quarter
 * of the sweeps' time), and run in the page directly: @axe-core/playwright's analyze() puts it in again every
 * time and finishes each run in a page of its own, which took three times as long. Its frame handling is
 * not needed: no page has a frame.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  expect(page.frames(), "axe runs in the top document only").toHaveLength(1);
  if (!contextsWithAxe.has(page.context())) {
    contextsWithAxe.add(page.context());
    await page.context().addInitScript({ content: AXE_SOURCE });
  }
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } };
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }, WCAG_TAGS);
  return violations;
}

const contextsWithAxe = new WeakSet<BrowserContext>();

interface AxeResults {
  violations: { id: string; nodes: { target: string[] }[] }[];
}

/**
 * Where a page of the no-JavaScript project is checked: one context that may run scripts, beside the
 * page's own, kept for the test, that serves the document it was last given in place of the server's
 * answer at that address.
 */
interface CheckingContext {
  page: Page;
  document: { href: string; html: string };
}
const checkingContexts = new Map<BrowserContext, Promise<CheckingContext>>();

/** Closes the checking contexts (the end of each test, tests/e2e/support/fixtures.ts): none outlives its test. */
export async function closeCheckingContexts(): Promise<void> {
  const made = [...checkingContexts.values()];
  checkingContexts.clear();
  for (const checking of await Promise.allSettled(made)) {
    if (checking.status === "fulfilled") await checking.value.page.context().close();
  }
}

function checkingContextFor(page: Page): Promise<CheckingContext> {
  const own = page.context();
  let made = checkingContexts.get(own);
  if (!made) {
    made = (async () => {
      const context = await own.browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
      const checking: CheckingContext = { page: await context.newPage(), document: { href: "", html: "" } };
      await context.route(
        (url) => url.href === checking.document.href,
        (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: checking.document.html }),
      );
      return checking;
    })();
    checkingContexts.set(own, made);
  }
  return made;
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
  const checking = await checkingContextFor(page);
  checking.document = { href: address.href, html };
  await checking.page.context().addCookies(await page.context().cookies());
  await checking.page.setViewportSize(page.viewportSize()!);
  await checking.page.goto(address.href);
  await check(checking.page);
}
