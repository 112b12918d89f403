// JavaScript only: an API write and a visitor's page load, the same without JavaScript.
import { expect, test } from "./support/fixtures";
import { useOperatorSession } from "./support/session";

/**
 * The home page's hero comes from the database: an operator's change (through the admin API, as the hero
 * editor saves it) is what the next visitor sees; the code's built-in default could never say this.
 */
test("the home page shows the hero from the database", async ({ page, browser }, testInfo) => {
  await useOperatorSession(page);
  const original = await (await page.request.get("/api/hero-content")).json();
  const title = `Checked by ${testInfo.project.name} at ${Date.now()}`;
  const put = (body: unknown) => page.request.put("/api/admin/hero-content", { data: body });
  expect((await put({ ...stripVersion(original), title })).status()).toBe(200);
  try {
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    const response = await visitorPage.goto("/");
    expect(response?.status()).toBe(200);
    await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveText(title);
    await visitor.close();
  } finally {
    expect((await put(stripVersion(original))).status()).toBe(200);
  }
});

function stripVersion(hero: Record<string, unknown>) {
  const { version: _version, ...rest } = hero;
  return rest;
}
