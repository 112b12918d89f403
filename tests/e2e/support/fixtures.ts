import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test as base, type Page } from "@playwright/test";
import { freePort, startServer } from "../../helpers/server-process";
import { closeCheckingContexts } from "./axe";
import { E2E_TEMPLATE_VARIABLE } from "./global-setup";

export { expect } from "@playwright/test";

/** The site a worker tests: its own production server, on its own port, over its own data folder. */
export interface WorkerSite {
  origin: string;
  dataDir: string;
}

let current: WorkerSite | undefined;

/** This worker's site (the fixture below starts it before the worker's first test). */
export function workerSite(): WorkerSite {
  if (!current) throw new Error("No site: import test from tests/e2e/support/fixtures, not from @playwright/test.");
  return current;
}

/** The environment the end-to-end server runs with, beside DATA_DIR, PORT and PUBLIC_URL. */
const SERVER_ENV = {
  // The embedded database, where prepare-sessions.ts made the operator sessions.
  DATABASE_URL: "",
  CONTACT_RATE_LIMIT: "1000",
  SIGN_IN_RATE_LIMIT: "1000",
  ADMIN_WRITE_RATE_LIMIT: "10000",
  CONSENT_RATE_LIMIT: "10000",
};

/**
 * Seeds the data folder's database (a copy of the run's migrated one, global-setup.ts) and makes operator
 * sessions in it, before its server starts.
 */
function prepareSessions(dataDir: string, origin: string): Promise<void> {
  const template = process.env[E2E_TEMPLATE_VARIABLE];
  if (template) fs.cpSync(template, path.join(dataDir, "pglite"), { recursive: true });
  return new Promise((resolve, reject) => {
    let output = "";
    const child = spawn(process.execPath, ["--import", "tsx", "tests/e2e/support/prepare-sessions.ts"], {
      env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PUBLIC_URL: origin, DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`prepare-sessions.ts failed (${code}):\n${output}`))));
  });
}

/**
 * A second site for one test, over its own data folder, with more environment (a setting the worker's site
 * does not have, such as REQUIRE_MFA=true). Stop it with the function returned.
 */
export async function startExtraSite(env: Record<string, string>): Promise<WorkerSite & { stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-e2e-extra-"));
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  await prepareSessions(dataDir, origin);
  const server = await startServer({ ...SERVER_ENV, ...env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: origin }, { timeoutMs: 90_000 });
  return {
    origin,
    dataDir,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every test file imports `test` from here. Each worker starts its own server over a fresh data folder and
 * stops it (SIGTERM, awaiting the exit) when the worker ends, so two workers never see each other's
 * records; `baseURL` points at that worker's server.
 */
export const test = base.extend<{ closesCheckingContexts: void }, { site: WorkerSite }>({
  closesCheckingContexts: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      await use();
      await closeCheckingContexts();
    },
    { auto: true },
  ],
  site: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-e2e-"));
      const port = await freePort();
      const origin = `http://localhost:${port}`;
      await prepareSessions(dataDir, origin);
      const server = await startServer({ ...SERVER_ENV, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: origin }, { timeoutMs: 90_000 });
      // What the server says on stderr reaches the run's output, as Playwright's webServer passed it on.
      server.process.stderr!.on("data", (chunk) => process.stderr.write(chunk));
      current = { origin, dataDir };
      try {
        await use(current);
      } finally {
        current = undefined;
        await server.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ site }, use) => {
    await use(site.origin);
  },
});

/**
 * With JavaScript, resolves once React has hydrated the page (app/root.tsx marks <html> with
 * data-hydrated in the same render as every hydrated-only component), so clicks and key presses reach
 * the app rather than the browser's native handling.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * With JavaScript, resolves once the app has finished what a submission started: the action, the
 * revalidation or redirect after it, and any fetcher's load (what a person waits for before the next
 * click; a click meanwhile can be undone when the new data renders). Remix's browser entry keeps its
 * router on window.__remixRouter.
 */
export async function settled(page: Page): Promise<void> {
  if (!(await page.evaluate(() => "__remixRouter" in window))) throw new Error("No window.__remixRouter: has Remix's browser entry changed?");
  await page.waitForFunction(() => {
    const { state } = (window as unknown as { __remixRouter: { state: RouterState } }).__remixRouter;
    return state.navigation.state === "idle" && state.revalidation === "idle" && [...state.fetchers.values()].every((fetcher) => fetcher.state === "idle");
  });
}

interface RouterState {
  navigation: { state: string };
  revalidation: string;
  fetchers: Map<string, { state: string }>;
}
