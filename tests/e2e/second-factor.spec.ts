// Runs with and without JavaScript (@nojs): the provider's form and the callback's page are the same either way.
import { SECOND_FACTOR_TEXT } from "~/utils/second-factor";
import { expectNoAxeViolations } from "./support/axe";
import { expect, startExtraSite, test } from "./support/fixtures";
import { LOCAL_ADMIN_EMAIL } from "./support/sign-in";

/**
 * Issue 36: with REQUIRE_MFA on (a deployed site's default), a sign-in whose ID token shows no second
 * factor is refused with a page that says why and what to do; one that used it gets in. The local
 * provider's checkbox says which, so both paths run through a real sign-in.
 */
test("a sign-in without a second factor is refused when one is required, and one with it gets in", { tag: "@nojs" }, async ({ page }) => {
  test.setTimeout(180_000); // a second server starts over a database of its own
  const site = await startExtraSite({ REQUIRE_MFA: "true" });
  try {
    const signIn = async (secondFactor: boolean) => {
      await page.goto(`${site.origin}/api/login`);
      await page.getByLabel("E-mail address").fill(LOCAL_ADMIN_EMAIL);
      await page.getByLabel("First name").fill("Ada");
      await page.getByLabel(SECOND_FACTOR_TEXT.localCheckbox).setChecked(secondFactor);
      await Promise.all([
        page.waitForURL((url) => url.pathname.startsWith("/admin") || url.pathname.startsWith("/api/auth/callback")),
        page.getByRole("button", { name: "Sign in", exact: true }).click(),
      ]);
    };

    await signIn(false);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SECOND_FACTOR_TEXT.title);
    await expect(page.getByText(SECOND_FACTOR_TEXT.required)).toBeVisible();
    await expect(page.getByText(SECOND_FACTOR_TEXT.whatToDo)).toBeVisible();
    expect((await page.context().cookies(site.origin)).some((c) => c.name === "kestrel_session")).toBe(false);
    expect((await page.request.get(`${site.origin}/api/auth/user`)).status()).toBe(401);
    await expectNoAxeViolations(page, "the second-factor refusal");

    await signIn(true);
    await expect(page).toHaveURL(/\/admin$/);
    expect((await page.request.get(`${site.origin}/api/auth/user`)).status()).toBe(200);
  } finally {
    await site.stop();
  }
});
