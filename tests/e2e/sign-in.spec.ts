// JavaScript only: the provider's pages have no script and its callback is the server's, the same without JavaScript; runs with and without it (@nojs): the sidebar's Logout; @nojs-only: /auth signed out.
import { expectNoAxeViolations } from "./support/axe";
import { expect, hydrated, test } from "./support/fixtures";
import { LOCAL_ADMIN_EMAIL, signIn } from "./support/sign-in";

test("a newcomer signs in through the local provider and lands on /admin, named in the sidebar", async ({ page }) => {
  await signIn(page, { email: LOCAL_ADMIN_EMAIL, firstName: "Ada" });
  await expect(page).toHaveURL(/\/admin$/);
  const sidebar = page.getByRole("complementary");
  await expect(sidebar.getByText("Ada", { exact: true })).toBeVisible();
  await expect(sidebar.getByText(LOCAL_ADMIN_EMAIL)).toBeVisible();

  const me = await page.request.get("/api/auth/user");
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: LOCAL_ADMIN_EMAIL, firstName: "Ada" });
});

test("returns to the admin page asked for", async ({ page }) => {
  await signIn(page, { firstName: "Ada", returnTo: "/admin/products" });
  await expect(page).toHaveURL(/\/admin\/products$/);
});

test("logout ends the session: the old cookie no longer works", async ({ page, browser }) => {
  await signIn(page);
  const cookies = await page.context().cookies();
  expect(cookies.some((c) => c.name === "kestrel_session" && c.httpOnly && c.sameSite === "Lax")).toBe(true);

  // The logout address typed in: SPEC's question and a button that posts.
  await page.goto("/admin/logout");
  await expect(page.getByText("Are you sure you want to logout?")).toBeVisible();
  await page.getByRole("main").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  expect((await page.context().cookies()).some((c) => c.name === "kestrel_session")).toBe(false);

  // The cookie the browser held before logging out, replayed from elsewhere.
  const replay = await browser.newContext();
  await replay.addCookies(cookies.filter((c) => c.name === "kestrel_session"));
  const replayed = await replay.request.get(new URL("/api/auth/user", page.url()).toString());
  expect(replayed.status()).toBe(401);
  const admin = await (await replay.newPage()).goto(new URL("/admin", page.url()).toString());
  expect(admin?.status()).toBe(404);
  await replay.close();
});

test("an address that is not on ADMIN_EMAILS gets the 403 page and no session", async ({ page }) => {
  await signIn(page, { email: "mallory@elsewhere.example", firstName: "Mallory" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not authorised");
  await expect(page.getByText("This account (mallory@elsewhere.example) is not authorised to use the admin area.")).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === "kestrel_session")).toBe(false);
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  await expectNoAxeViolations(page, "the 403 page");
});

test("the provider's sign-in form keeps values and explains errors, and axe finds nothing", async ({ page }) => {
  await page.goto("/api/login");
  await expectNoAxeViolations(page, "the provider's form");
  await page.getByLabel("E-mail address").fill("not-an-address");
  await page.getByLabel("First name").fill("");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const email = page.getByLabel("E-mail address");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveValue("not-an-address");
  await expect(page.getByText("Enter an e-mail address, like name@company.example.")).toBeVisible();
  await expect(page.getByText("Enter a first name.")).toBeVisible();
  await expectNoAxeViolations(page, "the provider's form with its errors");
});

test("Cancel at the provider comes back as a clear 'Sign-in failed' page", async ({ page }) => {
  await page.goto("/api/login");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign-in failed");
  await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/api/login");
  await expectNoAxeViolations(page, "the sign-in failed page");
});

test.describe("the authentication-check screen at /auth", () => {
  test("signed in, it goes to /admin", async ({ page }) => {
    await signIn(page);
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("signed out with JavaScript: the Unauthorized notice, then /api/login after 500 ms", async ({ page }) => {
    // The notice is on screen for 500 ms only: the page itself records when it appeared and when it left.
    await page.addInitScript(() => {
      if (location.pathname !== "/auth") return;
      const seen = () => {
        const text = document.body?.innerText ?? "";
        if (text.includes("Unauthorized") && text.includes("You are logged out. Logging in again...")) {
          sessionStorage.setItem("notice-at", sessionStorage.getItem("notice-at") ?? String(Date.now()));
        }
      };
      new MutationObserver(seen).observe(document, { childList: true, subtree: true, characterData: true });
      addEventListener("pagehide", () => sessionStorage.setItem("left-at", String(Date.now())));
    });
    await page.goto("/auth");
    await page.waitForURL(/\/oidc\/interaction\//);
    const times = await page.evaluate(() => [sessionStorage.getItem("notice-at"), sessionStorage.getItem("left-at")]);
    expect(times[0], "the Unauthorized notice was shown").not.toBeNull();
    expect(Number(times[1]) - Number(times[0])).toBeGreaterThanOrEqual(450);
    await expect(page.getByRole("heading", { name: "Sign in to Kestrel Insight" })).toBeVisible();
  });

  test("signed out without JavaScript: straight to /api/login and the provider's form", { tag: "@nojs-only" }, async ({ page }) => {
    await page.goto("/auth");
    await page.waitForURL(/\/oidc\/interaction\//);
    await expect(page.getByRole("heading", { name: "Sign in to Kestrel Insight" })).toBeVisible();
  });
});

test.describe("signing out is a POST, never an address that is fetched", () => {
  test("an operator who reads or previews a post with ![Chart](/api/logout) stays signed in", async ({ page }, testInfo) => {
    await signIn(page);
    const stamp = `${testInfo.project.name}-${Date.now()}`;
    const ids: number[] = [];
    try {
      for (const status of ["published", "draft"]) {
        const made = await page.request.post("/api/admin/posts", {
          data: { title: `Chart ${status} ${stamp}`, slug: `chart-${status}-${stamp}`, summary: "A post with a chart.", body: "Our chart:\n\n![Chart](/api/logout)\n", category: "news", status },
        });
        expect(made.status()).toBe(201);
        ids.push(((await made.json()) as { id: number }).id);

        // The image is fetched (and refused: 405), as the page is read or previewed.
        const fetched = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/logout");
        await page.goto(`/newsroom/chart-${status}-${stamp}`);
        await expect(page.getByRole("heading", { name: `Chart ${status} ${stamp}`, level: 1 })).toBeVisible();
        await page.getByRole("img", { name: "Chart" }).scrollIntoViewIfNeeded();
        expect((await fetched).status()).toBe(405);
        expect((await page.request.get("/api/auth/user")).status()).toBe(200);
      }
      await page.goto("/admin");
      await expect(page.getByRole("complementary").getByRole("link", { name: "Logout" })).toBeVisible();
    } finally {
      for (const id of ids) await page.request.delete(`/api/admin/posts/${id}`);
    }
  });

  test("the sidebar's Logout asks SPEC's question first (a dialog with JavaScript, a page without), then signs out", { tag: "@nojs" }, async ({ page, javaScriptEnabled }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/admin$/);
    const logout = page.getByRole("complementary").getByRole("link", { name: "Logout" });
    if (javaScriptEnabled) {
      await hydrated(page);
      // SPEC's question first; declining keeps the operator signed in.
      page.once("dialog", (dialog) => {
        expect(dialog.message()).toBe("Are you sure you want to logout?");
        void dialog.dismiss();
      });
      await logout.click();
      await expect(page).toHaveURL(/\/admin$/);
      expect((await page.request.get("/api/auth/user")).status()).toBe(200);
      page.once("dialog", (dialog) => void dialog.accept());
      await logout.click();
    } else {
      await logout.click();
      await expect(page).toHaveURL(/\/admin\/logout$/);
      await expect(page.getByText("Are you sure you want to logout?")).toBeVisible();
      // Still signed in until the question is answered.
      expect((await page.request.get("/api/auth/user")).status()).toBe(200);
      await page.getByRole("main").getByRole("button", { name: "Logout" }).click();
    }
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    expect((await page.goto("/admin"))?.status()).toBe(404);
  });
});
