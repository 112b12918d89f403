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

/**
 * A toast (or, without JavaScript, the same message printed on the page). A toast is then closed, as a
 * person who has read it does before going on: for its 5 s it covers what lies under it.
 */
export async function expectNotice(page: Page, text: string, options: { timeout?: number } = {}) {
  const notice = page.getByText(text, { exact: true }).first();
  await expect(notice).toBeVisible(options);
  const toast = page.getByRole("region", { name: /^Notifications/ }).getByRole("listitem").filter({ has: notice });
  if ((await toast.count()) === 0) return;
  await toast.getByRole("button", { name: "Close notification" }).click();
  await expect(toast).toHaveCount(0);
}
