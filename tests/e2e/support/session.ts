import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { workerSite } from "./fixtures";

/**
 * Signs a browser in as the local operator (Ada) without the identity provider: before the worker's server
 * started, operator sessions were made directly in its database (prepare-sessions.ts); each call takes one
 * nobody has used (a test may sign it out), counted off by appending a byte to a file beside them. Only
 * the sign-in tests go through the provider's form.
 */
export async function useOperatorSession(page: Page): Promise<void> {
  const { dataDir, origin } = workerSite();
  const sessions = JSON.parse(fs.readFileSync(path.join(dataDir, "e2e-sessions.json"), "utf8")) as { name: string; value: string }[];
  const ledger = path.join(dataDir, "e2e-sessions.used");
  fs.appendFileSync(ledger, ".");
  const index = fs.statSync(ledger).size - 1;
  const session = sessions[index];
  if (!session) throw new Error(`All ${sessions.length} prepared operator sessions are used: prepare more (prepare-sessions.ts).`);
  const domain = new URL(page.url() === "about:blank" ? origin : page.url()).hostname;
  await page.context().addCookies([{ name: session.name, value: session.value, domain, path: "/", httpOnly: true, sameSite: "Lax", secure: false }]);
}
