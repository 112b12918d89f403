// Runs the Playwright suite against the production build (BUILD_DIR, default build/), built first unless
// E2E_SKIP_BUILD=1 and the build is there.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { testChromium } from "./test-chromium.mjs";

const chromium = testChromium();
if (!fs.existsSync(chromium)) {
  console.error(`No Chromium at ${chromium}. The end-to-end tests use a system Chromium:`);
  console.error("  Debian/Ubuntu: sudo apt-get install -y chromium-headless-shell (or chromium)");
  console.error("  or point CHROMIUM_PATH at any Chromium or Chrome binary.");
  console.error("Trying Playwright's own Chromium (needs network access)...");
  const install = spawnSync("npx", ["playwright", "install", "chromium"], { stdio: "inherit" });
  if (install.status !== 0) process.exit(1);
  const found = spawnSync("node", ["-e", "console.log(require('playwright-core').chromium.executablePath())"], {
    encoding: "utf8",
  }).stdout.trim();
  if (!found || !fs.existsSync(found)) process.exit(1);
  process.env.CHROMIUM_PATH = found;
}

const buildDir = process.env.BUILD_DIR ?? "build";
if (process.env.E2E_SKIP_BUILD !== "1" || !fs.existsSync(`${buildDir}/server.js`)) {
  // remix.config.js builds into BUILD_DIR too.
  const build = spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Each Playwright worker starts its own server over its own data folder (tests/e2e/support/fixtures.ts).
const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
