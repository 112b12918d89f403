import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openDatabase } from "../../db/client.server";
import { seedDatabase } from "../../db/seed";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

/**
 * Runs once per integration run: makes a migrated, seeded PGlite snapshot that every test file loads
 * (0.6 s instead of a 5 s initdb each), and makes sure the production build exists for the tests that
 * start the real server.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.resolve(process.env.BUILD_DIR ?? "build", "server.js"))) {
    execFileSync("npx", ["remix", "vite:build"], { stdio: "inherit" });
  }
  const snapshotPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-snapshot-")), "seeded.tar.gz");
  if (!process.env.DATABASE_URL) {
    const handle = await openDatabase({});
    await migrateDatabase(handle);
    await seedDatabase(handle.db, "http://localhost:3000");
    const pglite = (handle.db as unknown as { $client: { dumpDataDir(c: "gzip"): Promise<Blob> } }).$client;
    const blob = await pglite.dumpDataDir("gzip");
    fs.writeFileSync(snapshotPath, Buffer.from(await blob.arrayBuffer()));
    await handle.close();
  }
  project.provide("pgliteSnapshot", snapshotPath);
  return () => fs.rmSync(path.dirname(snapshotPath), { recursive: true, force: true });
}
