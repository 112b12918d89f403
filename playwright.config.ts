import { defineConfig, devices } from "@playwright/test";
import { testChromium } from "./scripts/test-chromium.mjs";

const executablePath = testChromium();

const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // Every page tested is one site's: a process per site isolates nothing here and costs a tenth of the CPU.
  "--disable-site-isolation-trials",
  "--disable-features=site-per-process,IsolateOrigins",
];

export default defineConfig({
  testDir: "tests/e2e",
  // One migrated embedded database for the run, which every site under test copies.
  globalSetup: "./tests/e2e/support/global-setup.ts",
  // Each worker has its own production server and data folder (tests/e2e/support/fixtures.ts): two workers
  // use both cores. A file's tests run in order in one worker.
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // A test is a whole scenario (sign in, edit, check the public site, axe at two widths); the budget is for a
  // machine several times slower than a quiet one (a shared two-core machine on a busy evening).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    // A trace of every test, kept only for the failures, cost a fifth of the suite's CPU. The retry of a test
    // that failed (CI) is traced; locally, `--trace on` traces a run.
    trace: "on-first-retry",
    launchOptions: { executablePath, args: chromiumFlags },
  },
  // Every test runs with JavaScript. The no-JavaScript project runs only the tests tagged @nojs, whose
  // behaviour differs without it (forms that post natively, dialogs that are pages, the <noscript> banner),
  // and the tests tagged @nojs-only run there alone. Each test file says at its top which its tests are.
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true }, grepInvert: /@nojs-only/ },
    { name: "no-js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false }, grep: /@nojs/ },
  ],
});
