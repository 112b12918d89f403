import { defineConfig, devices } from "@playwright/test";
import { SERVER_NODE_FLAGS } from "./scripts/server-node-flags.mjs";

const port = Number(process.env.E2E_PORT ?? 3900);
const baseURL = `http://localhost:${port}`;
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // A test is a whole scenario (sign in, edit, check the public site, axe at two widths); on this shared
  // two-core machine the same run has taken from 17 to 30 minutes, so the budget is for the slow days.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: { executablePath, args: chromiumFlags },
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
    { name: "no-js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false } },
  ],
  webServer: {
    command: `node ${SERVER_NODE_FLAGS.join(" ")} ${process.env.BUILD_DIR ?? "build"}/server.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? "./data/e2e",
      // The embedded database, where scripts/e2e.mjs prepared the operator sessions.
      DATABASE_URL: "",
      CONTACT_RATE_LIMIT: "1000",
      SIGN_IN_RATE_LIMIT: "1000",
      ADMIN_WRITE_RATE_LIMIT: "10000",
    },
  },
});
