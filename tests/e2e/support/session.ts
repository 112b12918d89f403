import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { signIn } from "./sign-in";

/**
 * Signs a browser in as the local operator (Ada) without the identity provider: `npm run test:e2e`
 * created operator sessions directly in the database before the server started
 * (prepare-sessions.ts); each call takes one nobody has used (a test may sign it out), by appending a
 * byte to a file beside them, which is atomic however many workers and retries there are. Only the
 * sign-in tests go through the provider's form. Run without that preparation, it signs in the slow way.
 */
export async function useOperatorSession(page: Page): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  const pool = dataDir ? path.join(dataDir, "e2e-sessions.json") : "";
  if (!pool || !fs.existsSync(pool)) {
    await signIn(page, { firstName: "Ada" });
    return;
  }
  const sessions = JSON.parse(fs.readFileSync(pool, "utf8")) as { name: string; value: string }[];
  const ledger = path.join(dataDir!, "e2e-sessions.used");
  fs.appendFileSync(ledger, ".");
  const index = fs.statSync(ledger).size - 1;
  const session = sessions[index];
  if (!session) throw new Error(`All ${sessions.length} prepared operator sessions are used: prepare more (prepare-sessions.ts).`);
  await addSession(page.context(), session, new URL(page.url() === "about:blank" ? baseUrl() : page.url()).hostname);
}

function baseUrl(): string {
  return `http://localhost:${process.env.E2E_PORT ?? 3900}`;
}

async function addSession(context: BrowserContext, session: { name: string; value: string }, domain: string): Promise<void> {
  await context.addCookies([{ name: session.name, value: session.value, domain, path: "/", httpOnly: true, sameSite: "Lax", secure: false }]);
}
