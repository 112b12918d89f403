// Runs with and without JavaScript (@nojs): uploads go to the API with it and post natively without it, and the delete dialog is a panel; the 10 MB refusal is @nojs-only.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { Locator, Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "./support/axe";
import { expectNotice, open, recordSurface, withJs } from "./support/admin-pages";
import { expect, test } from "./support/fixtures";
import { useOperatorSession } from "./support/session";

/**
 * The media library's screens in both projects: with JavaScript the upload goes to the API with its
 * progress shown, the delete confirmation is a dialog; without it, the same forms post natively. Each
 * image's bytes and alt text carry the project's name, and every image a test uploads it deletes again.
 */

/** A photo-like JPEG (noise compresses badly, so it takes a moment to send) no other test has the bytes of. */
async function photoFile(testInfo: TestInfo, name: string, width = 800, height = 600): Promise<string> {
  const pixels = randomBytes(width * height * 3);
  const bytes = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
  const file = testInfo.outputPath(name);
  fs.mkdirSync(testInfo.outputDir, { recursive: true });
  fs.writeFileSync(file, bytes);
  return file;
}

/** An image's card in the library's grid, found by its alt text. */
function card(page: Page, alt: string): Locator {
  return page.getByRole("listitem").filter({ has: page.getByRole("img", { name: alt, exact: true }) });
}

/** The delete link of the image with this alt text, as an address (for a clean-up that runs whatever happened). */
async function removeImage(page: Page, alt: string): Promise<void> {
  const html = await (await page.request.get("/admin/media")).text();
  const escaped = alt.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const id = new RegExp(`alt="${escaped}"[\\s\\S]*?href="/admin/media/(\\d+)/delete"`).exec(html)?.[1];
  if (!id) return;
  const response = await page.request.post(`/admin/media/${id}/delete`, { form: {}, maxRedirects: 0 });
  expect(response.status(), `clean-up: delete "${alt}"`).toBe(302);
}

/** Uploads through the form route (no browser involved): for tests about what comes after. */
async function uploadDirectly(page: Page, file: string, alt: string): Promise<void> {
  const response = await page.request.post("/admin/media", {
    multipart: { file: { name: "photo.jpg", mimeType: "image/jpeg", buffer: fs.readFileSync(file) }, alt },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/** Sends uploads slowly (with JavaScript), so the progress bar can be watched. */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  };
}

test.beforeEach(async ({ page }) => {
  await useOperatorSession(page);
});

test("an image: upload it with its alt text, find it in the grid, edit its alt text, delete it", { tag: "@nojs" }, async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const js = withJs(testInfo);
  const alt = `A city skyline at dusk (${testInfo.project.name})`;
  const edited = `The City of London skyline at dusk (${testInfo.project.name})`;
  const file = await photoFile(testInfo, "skyline.jpg");
  try {
    await open(page, "/admin/media", js);
    await expect(page.getByRole("heading", { name: "Media", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Media" })).toHaveAttribute("aria-current", "page");
    const upload = page.getByRole("region", { name: "Upload an image" });
    await expect(upload.getByLabel("Image file")).toHaveAccessibleDescription(/JPEG, PNG, WebP, AVIF or GIF, up to 10 MB and 40 megapixels/);
    await expect(upload.getByLabel("Alt text")).toHaveAccessibleDescription(/Describe the image for someone who cannot see it/);
    await upload.getByLabel("Image file").setInputFiles(file);
    await upload.getByLabel("Alt text").fill(alt);

    if (js) {
      // About three seconds to send: the bar shows how much has gone, named for the file.
      const restore = await throttleUploads(page, 200 * 1024);
      await upload.getByRole("button", { name: "Upload image" }).click();
      const progress = upload.getByRole("progressbar", { name: "Uploading skyline.jpg" });
      await expect(progress).toBeVisible();
      await expect.poll(async () => Number(await progress.getAttribute("value")), { timeout: 10_000 }).toBeGreaterThan(0);
      await restore();
    } else {
      await upload.getByRole("button", { name: "Upload image" }).click();
    }
    // The server makes every size and format of the image first: seconds on a busy machine.
    await expectNotice(page, "Image uploaded.", { timeout: 30_000 });
    await expect(page).toHaveURL(/\/admin\/media$/);

    const item = card(page, alt);
    await expect(item).toBeVisible();
    const image = item.getByRole("img", { name: alt });
    await expect(image).toHaveAttribute("srcset", /\/media\/[0-9a-f]{32}\/480 480w, \/media\/[0-9a-f]{32}\/800 800w/);
    await expect(image).toHaveAttribute("loading", "lazy");
    await expect(image).toHaveAttribute("width", "800");
    await expect(image).toHaveAttribute("height", "600");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(item).toContainText("800 × 600 px");
    await expect(item).toContainText(/\d+ KB · JPEG/);
    await expect(item).toContainText("Not used");
    if (js) await expect(upload.getByLabel("Alt text")).toHaveValue("");

    // The alt text, on the image's own page.
    await item.getByRole("link", { name: /^Edit alt text/ }).click();
    await expect(page).toHaveURL(/\/admin\/media\/\d+$/);
    await expect(page.getByRole("heading", { name: "Edit image", level: 1 })).toBeVisible();
    await expect(page.getByRole("img", { name: alt })).toHaveAttribute("fetchpriority", "high");
    await expect(page.getByRole("table", { name: "Stored sizes and formats, with the size of each file" })).toContainText("480 × 360 px");
    await expectNoAxeViolations(page);
    await page.getByLabel("Alt text").fill("");
    await page.getByRole("button", { name: "Save alt text" }).click();
    await expect(page.getByLabel("Alt text")).toHaveAccessibleDescription(/Alt text is required/);
    await page.getByLabel("Alt text").fill(edited);
    await page.getByRole("button", { name: "Save alt text" }).click();
    await expectNotice(page, "Alt text saved.");
    await expect(page).toHaveURL(/\/admin\/media$/);
    await expect(card(page, edited)).toBeVisible();
    await expect(card(page, alt)).toHaveCount(0);

    // Delete: a dialog with JavaScript, a panel on the library's page without.
    await card(page, edited).getByRole("link", { name: /^Delete/ }).click();
    const surface = await recordSurface(page, js, "Delete Image");
    await expect(surface.getByText("Delete this image?")).toBeVisible();
    await expect(surface).toContainText(edited);
    await expectNoAxeViolations(page);
    await surface.getByRole("button", { name: "Delete image" }).click();
    await expectNotice(page, "Image deleted.");
    await expect(page).toHaveURL(/\/admin\/media$/);
    await expect(card(page, edited)).toHaveCount(0);
  } finally {
    await removeImage(page, alt);
    await removeImage(page, edited);
  }
});

test("refusals show under their fields, with the alt text kept", { tag: "@nojs" }, async ({ page }, testInfo) => {
  const js = withJs(testInfo);
  const alt = `Not really an image (${testInfo.project.name})`;
  await open(page, "/admin/media", js);
  const upload = page.getByRole("region", { name: "Upload an image" });

  // Nothing chosen, no alt text.
  await upload.getByRole("button", { name: "Upload image" }).click();
  await expect(upload.getByLabel("Image file")).toHaveAccessibleDescription(/Choose an image to upload/);
  await expect(upload.getByLabel("Alt text")).toHaveAccessibleDescription(/Alt text is required/);

  // A page of HTML named like a picture: its bytes say what it is.
  await upload.getByLabel("Image file").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("<!doctype html><title>x</title>") });
  await upload.getByLabel("Alt text").fill(alt);
  await upload.getByRole("button", { name: "Upload image" }).click();
  await expect(upload.getByLabel("Image file")).toHaveAccessibleDescription(
    /This file is not an image the library takes: upload a JPEG, PNG, WebP, AVIF or GIF\./,
  );
  await expect(upload.getByLabel("Image file")).toHaveAttribute("aria-invalid", "true");
  await expect(upload.getByLabel("Alt text")).toHaveValue(alt);
  await expect(page.getByRole("img", { name: alt })).toHaveCount(0);
});

// With JavaScript the form refuses the file before sending it.
test("without JavaScript, a file over the 10 MB limit is refused on the media screen under its field, with the alt text kept", { tag: "@nojs-only" }, async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const alt = `Our team at the summit, far too large (${testInfo.project.name})`;
  const file = testInfo.outputPath("summit.jpg");
  fs.mkdirSync(testInfo.outputDir, { recursive: true });
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#0f766e" } }).jpeg().toBuffer();
  fs.writeFileSync(file, Buffer.concat([photo, Buffer.alloc(11 * 1024 * 1024, 7)]));

  await open(page, "/admin/media", false);
  const upload = page.getByRole("region", { name: "Upload an image" });
  await upload.getByLabel("Image file").setInputFiles(file);
  await upload.getByLabel("Alt text").fill(alt);
  await upload.getByRole("button", { name: "Upload image" }).click();

  await expect(page.getByRole("heading", { name: "Media", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Media" })).toBeVisible();
  await expect(upload.getByLabel("Image file")).toHaveAccessibleDescription(/This file is too large: the limit is 10 MB\./);
  await expect(upload.getByLabel("Image file")).toHaveAttribute("aria-invalid", "true");
  await expect(upload.getByLabel("Alt text")).toHaveValue(alt);
  await expect(page.getByRole("img", { name: alt })).toHaveCount(0);
});

test("axe finds nothing on the library with an image, at desktop width and at 320 px", { tag: "@nojs" }, async ({ page }, testInfo) => {
  const js = withJs(testInfo);
  const alt = `Axe probe (${testInfo.project.name})`;
  await uploadDirectly(page, await photoFile(testInfo, "probe.jpg", 640, 480), alt);
  try {
    await open(page, "/admin/media", js);
    await expect(card(page, alt)).toBeVisible();
    await expectNoAxeViolations(page, "/admin/media with an image", [1280, 320]);
    // Nothing sideways at 320 px.
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  } finally {
    await removeImage(page, alt);
  }
});
