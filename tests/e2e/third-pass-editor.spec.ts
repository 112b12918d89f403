// Issue 38's editor items, with and without JavaScript (@nojs): the Markdown preview and its formatting help,
// the cover picker's upload, Publish now for a scheduled post, and History's word-level differences.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "./support/axe";
import { expectNotice, open, withJs } from "./support/admin-pages";
import { expect, test } from "./support/fixtures";
import { useOperatorSession } from "./support/session";

test.beforeEach(async ({ page }) => {
  await useOperatorSession(page);
});

async function makePost(page: Page, fields: Record<string, unknown>): Promise<number> {
  const made = await page.request.post("/api/admin/posts", {
    data: { summary: "A post for the editor's tests.", body: "## First\n\nThe opening text.", category: "news", status: "draft", ...fields },
  });
  expect(made.status()).toBe(201);
  return ((await made.json()) as { id: number }).id;
}

async function photoFile(testInfo: TestInfo): Promise<string> {
  const [r, g, b] = randomBytes(3);
  const bytes = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: r!, g: g!, b: b! } } }).jpeg().toBuffer();
  const file = testInfo.outputPath("cover.jpg");
  fs.mkdirSync(testInfo.outputDir, { recursive: true });
  fs.writeFileSync(file, bytes);
  return file;
}

test("the body's preview shows it as its page will, and the formatting help is under it", { tag: "@nojs" }, async ({ page }, testInfo) => {
  const js = withJs(testInfo);
  await open(page, "/admin/news/new", js);
  const body = page.getByLabel("Body");
  const text = "# Results\n\n### Skipped a level\n\n**Bold words** and a [link](https://example.com).";
  await body.fill(text);
  await page.getByLabel("Summary").fill("Typed, not saved.");
  if (!js) await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = page.getByRole("region", { name: "Rendered preview" });
  await expect(preview.getByRole("heading", { name: "Results", level: 2 })).toBeVisible();
  await expect(preview.getByText("Bold words")).toHaveCSS("font-weight", "600");
  await expect(page.getByText(/Check the headings: "### Skipped a level" follows a level-1 heading/)).toBeVisible();
  if (js) await expect(page.getByRole("status").filter({ hasText: "Preview updated." })).toHaveCount(1);
  // Nothing was saved, and what was typed is still there.
  await expect(body).toHaveValue(text);
  await expect(page.getByLabel("Summary")).toHaveValue("Typed, not saved.");
  await expect(page).toHaveURL(/\/admin\/news\/new$/);

  // The operator mends the heading: with JavaScript the preview follows the typing, without it Preview again.
  await body.fill("## Changed heading");
  if (!js) await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(preview.getByRole("heading", { name: "Changed heading", level: 2 })).toBeVisible();
  await page.getByText("Formatting help", { exact: true }).click();
  await expect(page.getByText(/### straight after # skips a level/)).toBeVisible();
  await expectNoAxeViolations(page, "the post editor with its preview and formatting help");
});

test("a role's editor has the preview too", { tag: "@nojs" }, async ({ page }, testInfo) => {
  const js = withJs(testInfo);
  await open(page, "/admin/careers/new", js);
  await page.getByLabel("Body").fill("### About the team\n\n- One\n- Two");
  if (!js) await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(page.getByRole("region", { name: "Rendered preview" }).getByRole("heading", { name: "About the team", level: 2 })).toBeVisible();
});

test("upload an image from the cover picker: it becomes the cover and the text typed stays", { tag: "@nojs" }, async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const js = withJs(testInfo);
  const alt = `A harbour at dawn (${testInfo.project.name} ${Date.now()})`;
  const id = await makePost(page, { title: `Cover upload ${testInfo.project.name}`, slug: `cover-upload-${testInfo.project.name}-${Date.now()}` });
  try {
    await open(page, `/admin/news/${id}/edit`, js);
    await page.getByLabel("Title").fill("A title typed but not saved");
    const picker = page.getByRole("group", { name: "Cover image" });
    await picker.getByText("Upload a new image").click();
    await picker.getByLabel("Image file").setInputFiles(await photoFile(testInfo));
    await picker.getByLabel("Alt text").fill(alt);
    await picker.getByRole("button", { name: "Upload and use as cover" }).click();
    if (js) await expectNotice(page, "Image uploaded and chosen as the cover. Save the post to keep it.", { timeout: 30_000 });
    await expect(page.getByRole("group", { name: "Cover image" }).getByRole("radio", { name: alt, exact: true })).toBeChecked({ timeout: 30_000 });
    await expect(page.getByLabel("Title")).toHaveValue("A title typed but not saved");
    await expectNoAxeViolations(page, "the post editor after an upload from the cover picker");
    await page.getByRole("button", { name: js ? "Publish" : "Publish or schedule", exact: true }).click();
    await expectNotice(page, "Post published successfully!");
    const saved = (await (await page.request.get(`/api/admin/posts/${id}`)).json()) as { title: string; coverImageId: number | null };
    expect(saved.title).toBe("A title typed but not saved");
    expect(saved.coverImageId).not.toBeNull();
  } finally {
    await page.request.delete(`/api/admin/posts/${id}`);
    const { items } = (await (await page.request.get("/api/admin/media")).json()) as { items: { id: number; alt: string }[] };
    for (const item of items.filter((candidate) => candidate.alt === alt)) await page.request.delete(`/api/admin/media/${item.id}`);
  }
});

test("Publish now publishes a scheduled post after a confirmation", { tag: "@nojs" }, async ({ page }, testInfo) => {
  const js = withJs(testInfo);
  const publishAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const id = await makePost(page, { title: `Scheduled ${testInfo.project.name}`, slug: `scheduled-${testInfo.project.name}-${Date.now()}`, status: "published", publishAt });
  try {
    await open(page, `/admin/news/${id}/edit`, js);
    await page.getByRole("link", { name: "Publish now..." }).click();
    const section = page.getByRole("region", { name: "Publish this post now?" });
    await expect(section).toBeVisible();
    if (js) await expect(section.getByRole("link", { name: "Cancel" })).toBeFocused();
    await expectNoAxeViolations(page, "the Publish now confirmation");
    await section.getByRole("button", { name: "Publish post now" }).click();
    await expectNotice(page, "Post published successfully!");
    await expect(page.getByText(/^Published \d{1,2} \w+ \d{4}$/).first()).toBeVisible();
    await expect(page.getByRole("region", { name: /Publish/ })).toHaveCount(0);
  } finally {
    await page.request.delete(`/api/admin/posts/${id}`);
  }
});

test("History shows the words changed, and values as the editor names them", { tag: "@nojs" }, async ({ page }, testInfo) => {
  const js = withJs(testInfo);
  const slug = `word-diff-${testInfo.project.name}-${Date.now()}`;
  const id = await makePost(page, { title: `Word diff ${testInfo.project.name}`, slug, body: "## First\n\nOur fees are low.\n\nThe end." });
  try {
    const changed = await page.request.put(`/api/admin/posts/${id}`, {
      data: { title: `Word diff ${testInfo.project.name}`, slug, summary: "A post for the editor's tests.", body: "## First\n\nOur charges are low.\n\nThe end.", category: "news", status: "published" },
    });
    expect(changed.status()).toBe(200);
    await open(page, `/admin/news/${id}/history/2`, js);
    const bodyRow = page.getByRole("row", { name: /^Body/ });
    await expect(bodyRow.locator("del")).toHaveText("[removed: fees]");
    await expect(bodyRow.locator("ins")).toHaveText("[added: charges]");
    await expect(bodyRow.locator("del .sr-only").first()).toHaveText("[removed: ");
    const statusRow = page.getByRole("row", { name: /^Status/ });
    await expect(statusRow.getByRole("cell")).toHaveText(["Draft", "Published"]);
    await expect(page.getByText("draft", { exact: true })).toHaveCount(0);
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoAxeViolations(page, "a version's word-level difference at 320 px");
  } finally {
    await page.request.delete(`/api/admin/posts/${id}`);
  }
});
