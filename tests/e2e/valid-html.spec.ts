// JavaScript only: it checks the served HTML, which is the same in both projects.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./support/fixtures";
import sharp from "sharp";
import { useOperatorSession } from "./support/session";

/**
 * Every document the site serves is valid HTML by the Nu HTML checker (vnu-jar, on this machine's
 * Java): the public pages and the 404 as a visitor sees them, and every admin screen and dialog page as
 * an operator does. The served bytes are checked, not what a browser made of them.
 */

const PUBLIC = ["/", "/about", "/platforms", "/research", "/investors", "/newsroom", "/newsroom?page=2", "/newsroom/portfolio-manager-enters-beta", "/careers", "/careers/full-stack-engineer", "/privacy", "/privacy/versions", "/privacy/versions/1", "/terms", "/cookies", "/contact", "/contact?subject=Career%20Inquiry&role=Product%20Designer", "/contact?subject=Press%20Inquiry", "/search?q=forecasts", "/search", "/no-such-page", "/auth"];
const ADMIN = ["/admin", "/admin/hero", "/admin/stats", "/admin/stats/new", "/admin/products", "/admin/products/new", "/admin/menus", "/admin/menus/new", "/admin/seo", "/admin/seo?tab=analytics", "/admin/seo?tab=schema", "/admin/seo?tab=company", "/admin/messages", "/admin/messages?email=ada%40example.org", "/admin/messages/retention", "/admin/messages/erase?email=ada%40example.org", "/admin/notifications", "/admin/notifications/history", "/admin/news", "/admin/news/new", "/admin/news/1/edit", "/admin/news/1/delete", "/admin/careers", "/admin/careers/new", "/admin/careers/1/edit", "/admin/media", "/admin/legal", "/admin/legal/privacy", "/admin/hero/history", "/admin/products/1/history", "/admin/legal/privacy/history", "/admin/trash", "/admin/logout"];

test("every public page and admin screen passes the Nu HTML checker with no error", async ({ browser, page }) => {
  test.setTimeout(120_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-nu-"));
  const files: string[] = [];
  const save = async (request: { get(url: string): Promise<{ status(): number; text(): Promise<string> }> }, target: string) => {
    const response = await request.get(target);
    expect(response.status(), target).toBeLessThan(500);
    const file = path.join(dir, `${files.length}-${target.replace(/[^a-z0-9]+/gi, "-")}.html`);
    fs.writeFileSync(file, await response.text());
    files.push(file);
  };

  const visitor = await browser.newContext();
  for (const target of PUBLIC) await save(visitor.request, target);
  await visitor.close();

  await useOperatorSession(page);
  for (const target of ADMIN) await save(page.request, target);
  // A record's edit and delete pages.
  for (const list of ["/admin/stats", "/admin/products", "/admin/menus"]) {
    const html = await (await page.request.get(list)).text();
    const edit = new RegExp(`href="(${list}/\\d+/edit)"`).exec(html)?.[1];
    const remove = new RegExp(`href="(${list}/\\d+/delete)"`).exec(html)?.[1];
    for (const target of [edit, remove]) if (target) await save(page.request, target);
  }
  // An image's page and its delete confirmation: an image uploaded for the purpose, then deleted.
  const probe = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: Math.floor(Math.random() * 256), g: 118, b: 110 } } }).png().toBuffer();
  const uploaded = await page.request.post("/admin/media", { multipart: { file: { name: "probe.png", mimeType: "image/png", buffer: probe }, alt: "Nu checker probe" }, maxRedirects: 0 });
  expect(uploaded.status()).toBe(302);
  const media = /alt="Nu checker probe"[\s\S]*?href="\/admin\/media\/(\d+)\/delete"/.exec(await (await page.request.get("/admin/media")).text())?.[1];
  expect(media).toBeDefined();
  await save(page.request, `/admin/media/${media}`);
  await save(page.request, `/admin/media/${media}/delete`);
  expect((await page.request.post(`/admin/media/${media}/delete`, { form: {}, maxRedirects: 0 })).status()).toBe(302);

  const jar = path.join(path.dirname(createRequire(import.meta.url).resolve("vnu-jar")), "build", "dist", "vnu.jar");
  let report = "";
  try {
    execFileSync("java", ["-jar", jar, "--errors-only", "--format", "json", ...files], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    report = String((error as { stderr?: string }).stderr ?? error);
  }
  const messages = report ? (JSON.parse(report) as { messages: { url: string; message: string; extract?: string }[] }).messages : [];
  fs.rmSync(dir, { recursive: true, force: true });
  expect(files.length).toBeGreaterThan(30);
  expect(messages.map((m) => `${path.basename(m.url)}: ${m.message} [${m.extract ?? ""}]`)).toEqual([]);
});
