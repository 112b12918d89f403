/**
 * npm run screenshots: full-page screenshots of the site as a visitor and an operator see it, with
 * Debian's Chromium, to look at what was built. Starts the production build on a fresh data folder (with
 * an operator session made directly in its database), then writes `screenshots/<name>-<width>[-nojs].png`.
 *
 *   npm run screenshots -- --widths 320,1440 --paths /,/about,/admin/seo [--no-js] [--out screenshots]
 *
 * Without --paths: every public page and every admin screen.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { ADMIN_SCREENS } from "~/utils/admin-screens";
import { PUBLIC_PAGES } from "../tests/e2e/support/pages";
import { freePort } from "../tests/helpers/server-process";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";


function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

const widths = (option("widths") ?? "320,1440").split(",").map(Number);
const paths = option("paths")?.split(",") ?? [...PUBLIC_PAGES, ...ADMIN_SCREENS.map((screen) => screen.href)];
const javaScript = !process.argv.includes("--no-js");
const out = path.resolve(option("out") ?? "screenshots");
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
fs.mkdirSync(out, { recursive: true });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-shots-"));
const port = await freePort();
const origin = `http://localhost:${port}`;
const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PUBLIC_URL: origin, PORT: String(port), DATABASE_URL: "" };
const prepared = spawnSync(process.execPath, ["--import", "tsx", "tests/e2e/support/prepare-sessions.ts", "2"], { env, stdio: "inherit" });
if (prepared.status !== 0) process.exit(1);
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(buildDir, "server.js")], { env, detached: true, stdio: "ignore" });
const stop = () => {
  try {
    process.kill(-server.pid!, "SIGTERM");
  } catch {
    // gone
  }
};
process.on("exit", stop);
for (let i = 0; i < 300; i++) {
  if (await fetch(`${origin}/healthz`).then((r) => r.ok, () => false)) break;
  await new Promise((r) => setTimeout(r, 100));
}

const [session] = JSON.parse(fs.readFileSync(path.join(dataDir, "e2e-sessions.json"), "utf8")) as { name: string; value: string }[];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: javaScript });
  await context.addCookies([{ name: session!.name, value: session!.value, domain: "localhost", path: "/" }]);
  const page = await context.newPage();
  for (const target of paths) {
    // Public pages as a visitor sees them (a signed-in operator gets a different home page).
    const asVisitor = !target.startsWith("/admin");
    const visitor = asVisitor ? await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: javaScript }) : null;
    const tab = visitor ? await visitor.newPage() : page;
    await tab.goto(`${origin}${target}`, { waitUntil: javaScript ? "networkidle" : "load" });
    const name = target.replace(/[/?=]+/g, "-").replace(/^-|-$/g, "") || "home";
    const file = path.join(out, `${name}-${width}${javaScript ? "" : "-nojs"}.png`);
    await tab.screenshot({ path: file, fullPage: true });
    const scrollWidth = await tab.evaluate(() => document.documentElement.scrollWidth);
    console.log(`${file}${scrollWidth > width ? `  (scrolls sideways: ${scrollWidth} px)` : ""}`);
    await visitor?.close();
  }
  await context.close();
}
await browser.close();
stop();
fs.rmSync(dataDir, { recursive: true, force: true });
