// Runs the Playwright suite against the production build, on a free port, with a fresh data folder.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.error(`No Chromium at ${chromium}. The end-to-end tests use a system Chromium:`);
  console.error("  Debian/Ubuntu: sudo apt-get install -y chromium");
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

const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-e2e-"));

if (process.env.E2E_SKIP_BUILD !== "1" || !fs.existsSync(`${process.env.BUILD_DIR ?? "build"}/server.js`)) {
  const build = spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Operator sessions made directly in the database before the server starts (tests/e2e/support/session.ts).
const sessions = spawnSync(process.execPath, ["--import", "tsx", "tests/e2e/support/prepare-sessions.ts"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}`, DATABASE_URL: "" },
});
if (sessions.status !== 0) process.exit(sessions.status ?? 1);

const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
});
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
