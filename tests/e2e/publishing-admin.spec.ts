// Runs with and without JavaScript (@nojs): the post and role editors' forms post natively without it.
import { expect, test } from "./support/fixtures";
import { useOperatorSession } from "./support/session";
import { expectNotice, open, withJs } from "./support/admin-pages";

/**
 * The Newsroom and Careers screens in both projects (with JavaScript, and without it: native form posts).
 * Every record a test makes carries the project's name and a stamp.
 */

/** A London datetime-local value `minutes` from now. */
function londonLocal(minutes: number): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

test.beforeEach(async ({ page }) => {
  await useOperatorSession(page);
});

test("write a draft post, preview it, schedule it, publish it", { tag: "@nojs" }, async ({ page, browser }, testInfo) => {
  const js = withJs(testInfo);
  const title = `Admin e2e post ${testInfo.project.name} ${Date.now()}`;
  await open(page, "/admin/news", js);
  await page.getByRole("link", { name: "New post" }).click();
  await expect(page.getByRole("heading", { name: "New post", level: 1 })).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Summary").fill("Written by the end-to-end suite.");
  await page.getByLabel("Body").fill("## A heading\n\nSome **bold** words.");
  await page.getByLabel("Category").selectOption("product_update");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expectNotice(page, "Post created successfully!");
  await expect(page.getByRole("heading", { name: "Edit post", level: 1 })).toBeVisible();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  const editUrl = page.url();

  // The operator's own preview at the public address.
  await page.getByRole("link", { name: `Preview ${title}` }).click();
  await expect(page.getByText("Preview: not published.")).toBeVisible();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  // A preview link for someone who does not sign in.
  await open(page, editUrl, js);
  await page.getByRole("button", { name: "Create preview link" }).click();
  const link = await page.getByLabel("New preview link").inputValue();
  expect(link).toMatch(/\/newsroom\/[a-z0-9-]+\?preview=/);
  if (js) {
    // With JavaScript, a Copy button puts it on the clipboard (without, the field selects itself on focus).
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Copied." })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  } else {
    await expect(page.getByRole("button", { name: "Copy link" })).toHaveCount(0);
  }
  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  await reader.goto(new URL(link).pathname + new URL(link).search);
  await expect(reader.getByText("Preview: not published.")).toBeVisible();
  await visitor.close();

  // Schedule: with JavaScript the button says so as the time is typed; without, one label true either way.
  await open(page, editUrl, js);
  await page.getByLabel("Publish at").fill(londonLocal(60 * 24 * 7));
  await page.getByRole("button", { name: js ? "Schedule" : "Publish or schedule", exact: true }).click();
  await expectNotice(page, "Post scheduled successfully!");
  await expect(page.getByText(/^Scheduled for /)).toBeVisible();

  // Publish now: blank Publish at.
  await page.getByLabel("Publish at").fill("");
  await page.getByRole("button", { name: js ? "Publish" : "Publish or schedule", exact: true }).click();
  await expectNotice(page, "Post published successfully!");
  await open(page, "/newsroom", js);
  await expect(page.getByText(title).first()).toBeVisible();
});

test("publish a role, then close it", { tag: "@nojs" }, async ({ page }, testInfo) => {
  const js = withJs(testInfo);
  const title = `Admin e2e role ${testInfo.project.name} ${Date.now()}`;
  await open(page, "/admin/careers/new", js);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Team").fill("Engineering");
  await page.getByLabel("Location").fill("London (hybrid)");
  await page.getByLabel("Summary").fill("A role made by the end-to-end suite.");
  await page.getByLabel("Body").fill("## About the role\n\n- Build things");
  await page.getByRole("button", { name: js ? "Publish" : "Publish or schedule", exact: true }).click();
  await expectNotice(page, "Role published successfully!");
  await open(page, "/careers", js);
  await expect(page.getByText(title).first()).toBeVisible();

  await open(page, "/admin/careers", js);
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await page.getByRole("button", { name: "Close now" }).click();
  await expectNotice(page, "Role closed successfully!");
  await expect(page.getByText(/^Closed on /)).toBeVisible();
  await open(page, "/careers", js);
  await expect(page.getByText(title)).toHaveCount(0);
});

test("a validation message shows at its field", { tag: "@nojs" }, async ({ page }, testInfo) => {
  const js = withJs(testInfo);
  await open(page, "/admin/news/new", js);
  await page.getByLabel("Slug").fill("Not A Slug");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Title is required")).toBeVisible();
  await expect(page.getByText(/Slug may use only lowercase letters/)).toBeVisible();
});
