import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateDatabase } from "~db/client.server";
import { servePglite } from "../../helpers/embedded-for-tests";

/** Set below to a migrated embedded database folder that every end-to-end site's data folder starts from. */
export const E2E_TEMPLATE_VARIABLE = "KESTREL_E2E_PGLITE_TEMPLATE";

/**
 * Runs once per Playwright run, before any worker: makes an embedded database with every migration applied
 * and nothing seeded. Each worker's site (and each extra site) copies it instead of spending about 6 s of
 * CPU on initdb and the migrations; prepare-sessions.ts then seeds it with that site's own origin.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-e2e-template-"));
  const template = path.join(folder, "pglite");
  const embedded = await servePglite({ dataDir: template });
  try {
    await migrateDatabase({ socketDir: embedded.socketDir });
  } finally {
    await embedded.stop();
  }
  // Workers inherit the runner's environment.
  process.env[E2E_TEMPLATE_VARIABLE] = template;
  return async () => {
    fs.rmSync(folder, { recursive: true, force: true });
  };
}
