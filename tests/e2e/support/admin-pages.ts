import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { hydrated } from "./fixtures";

/** Whether the test runs in the project with JavaScript on. */
export function withJs(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled !== false;
}

/** Opens an admin page (200 expected); with JavaScript, waits until it is hydrated so clicks reach the app. */
export async function open(page: Page, path: string, js: boolean) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  if (js) await hydrated(page);
}

/** A create/edit/delete/import surface: a modal dialog with JavaScript, the page itself without. */
export async function recordSurface(page: Page, js: boolean, title: string): Promise<Locator> {
  if (js) {
    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    return dialog;
  }
  await expect(page.getByRole("heading", { name: title, level: 2 })).toBeVisible();
  return page.locator("main");
}

/** A toast (or, without JavaScript, the same message printed on the page). */
export async function expectNotice(page: Page, text: string, options: { timeout?: number } = {}) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible(options);
}
