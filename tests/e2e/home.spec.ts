import { expect, test } from "@playwright/test";

test("the home page shows the hero from the database", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Investment intelligence you can check for yourself");
});
