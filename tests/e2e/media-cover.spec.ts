// Runs with and without JavaScript (@nojs): the cover picker is radio buttons in a form that posts natively without it.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "./support/axe";
import { expectNotice, open, withJs } from "./support/admin-pages";
import { expect, test } from "./support/fixtures";
import { useOperatorSession } from "./support/session";

/**
 * A library image as a post's cover, in both projects: uploaded on the library screen, chosen in the post
 * editor's "Cover image" picker (radio buttons, so a native post without JavaScript), and shown above the
 * public post. The image and the post carry the project's name.
 */

/** A JPEG 1200 × 800 of a colour of its own (quick to encode; no other test has its bytes). */
async function photoFile(testInfo: TestInfo): Promise<string> {
  const [r, g, b] = randomBytes(3);
  const bytes = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: r!, g: g!, b: b! } } }).jpeg().toBuffer();
  const file = testInfo.outputPath("cover.jpg");
  fs.mkdirSync(testInfo.outputDir, { recursive: true });
  fs.writeFileSync(file, bytes);
  return file;
}

/** The post, then the image: a post in the trash does not hold its cover. */
async function cleanUp(page: Page, postId: number | null, alt: string) {
  if (postId !== null) await page.request.delete(`/api/admin/posts/${postId}`);
  const { items } = (await (await page.request.get("/api/admin/media")).json()) as { items: { id: number; alt: string }[] };
  for (const item of items.filter((candidate) => candidate.alt === alt)) {
    expect((await page.request.delete(`/api/admin/media/${item.id}`)).status(), `clean-up: delete "${alt}"`).toBe(204);
  }
}

test.beforeEach(async ({ page }) => {
  await useOperatorSession(page);
});

test("upload an image, choose it as a post's cover, and see it above the public post", { tag: "@nojs" }, async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const js = withJs(testInfo);
  const alt = `Analysts at a trading desk (${testInfo.project.name} ${Date.now()})`;
  const slug = `cover-e2e-${testInfo.project.name}-${Date.now()}`;
  let postId: number | null = null;
  try {
    const made = await page.request.post("/api/admin/posts", {
      data: { title: `Cover e2e ${testInfo.project.name}`, slug, summary: "A post with a cover.", body: "The post's text.", category: "news", status: "published" },
    });
    expect(made.status()).toBe(201);
    postId = ((await made.json()) as { id: number }).id;

    await open(page, "/admin/media", js);
    const upload = page.getByRole("region", { name: "Upload an image" });
    await upload.getByLabel("Image file").setInputFiles(await photoFile(testInfo));
    await upload.getByLabel("Alt text").fill(alt);
    await upload.getByRole("button", { name: "Upload image" }).click();
    // The server makes every size and format of the image first: seconds on a busy machine.
    await expectNotice(page, "Image uploaded.", { timeout: 30_000 });

    await open(page, `/admin/news/${postId}/edit`, js);
    const picker = page.getByRole("group", { name: "Cover image" });
    await expect(picker.getByRole("radio", { name: "No cover image" })).toBeChecked();
    await expect(picker.getByRole("link", { name: "media library" })).toHaveAttribute("href", "/admin/media");
    await expectNoAxeViolations(page);
    await picker.getByRole("radio", { name: alt, exact: true }).check();
    await page.getByRole("button", { name: "Update" }).click();
    await expectNotice(page, "Post updated successfully!");
    await expect(page.getByRole("group", { name: "Cover image" }).getByRole("radio", { name: alt, exact: true })).toBeChecked();

    await page.goto(`/newsroom/${slug}`);
    const cover = page.getByRole("article").getByRole("img", { name: alt, exact: true });
    await expect(cover).toBeVisible();
    await expect(cover).toHaveAttribute("srcset", /^\/media\/([0-9a-f]{32})\/480 480w, \/media\/\1\/960 960w, \/media\/\1\/1200 1200w$/);
    await expect(cover).toHaveAttribute("fetchpriority", "high");
    await expect(cover).toHaveAttribute("width", "1200");
    await expect(cover).toHaveAttribute("height", "800");
    if (js) await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/media\/[0-9a-f]{32}\/1200\.jpg$/);
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute("content", alt);
  } finally {
    await cleanUp(page, postId, alt);
  }
});
