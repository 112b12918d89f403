import { expect, type Page } from "@playwright/test";
import { LOCAL_ADMIN_EMAIL } from "~/server/config.server";

export { LOCAL_ADMIN_EMAIL };

export interface SignInOptions {
  /** Defaults to the local site's operator address (ADMIN_EMAILS' default). */
  email?: string;
  firstName?: string;
  /** A same-site path to land on afterwards (default /admin). */
  returnTo?: string;
}

/**
 * Signs in through the local identity provider the way an operator does: /api/login, the provider's
 * form, and back through the callback. Works with and without JavaScript (the form posts natively).
 * Resolves once the browser has left the provider, on /admin (or `returnTo`), or on the refusal page.
 */
export async function signIn(page: Page, { email = LOCAL_ADMIN_EMAIL, firstName = "Ada", returnTo }: SignInOptions = {}) {
  await page.goto(returnTo ? `/api/login?returnTo=${encodeURIComponent(returnTo)}` : "/api/login");
  await expect(page.getByRole("heading", { name: "Sign in to Kestrel Insight" })).toBeVisible();
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("First name").fill(firstName);
  await Promise.all([
    page.waitForURL((url) => url.pathname.startsWith("/admin") || url.pathname.startsWith("/api/auth/callback")),
    page.getByRole("button", { name: "Sign in", exact: true }).click(),
  ]);
}
