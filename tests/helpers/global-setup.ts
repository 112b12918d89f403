import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openDatabase, setDatabase } from "~db/client.server";
import { seedDatabase } from "~db/seed";
import { servePglite } from "./embedded-for-tests";
import { makeTemplate, TEMPLATE_VARIABLE } from "./postgres-template";
import { PGLITE_TEMPLATE_VARIABLE, SERVERS_ON_POSTGRES_VARIABLE } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

/**
 * Runs once per run of a suite: makes a migrated, seeded PGlite snapshot that every test file loads
 * (about 1.2 CPU-seconds instead of a 4 s initdb each) and a data folder of it that started servers copy, and on
 * PostgreSQL a template database, and makes sure the production build exists for the tests that
 * start the real server.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.resolve(process.env.BUILD_DIR ?? "build", "server.js"))) {
    // Vitest's own VITEST variable would make vite.config.ts leave the Remix plugin out of the build.
    execFileSync("npx", ["remix", "vite:build"], { stdio: "inherit", env: { ...process.env, VITEST: undefined } });
  }
  const snapshotPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-snapshot-")), "seeded.tar");
  // Made on both passes, in a folder: the servers that tests start on their own embedded database copy it.
  const templateFolder = path.join(path.dirname(snapshotPath), "pglite");
  const embedded = await servePglite({ dataDir: templateFolder });
  await migrateDatabase({ socketDir: embedded.socketDir });
  const handle = openDatabase({ socketDir: embedded.socketDir });
  await seedDatabase(handle.db, "http://localhost:3000");
  // The pages' copy in the search table, as a server's start writes it: each test file's start (setup-env.ts)
  // and each server started from the folder then find it current instead of writing it again.
  setDatabase(handle);
  const { syncSearchPages } = await import("~/server/site/search.server");
  await syncSearchPages();
  setDatabase(undefined);
  await handle.close();
  // Uncompressed (43 MB, against 5 MB gzipped): every test file loads it, and gunzipping it cost each
  // about 0.35 of the 1.5 CPU-seconds its database took to start.
  const blob = await embedded.db.dumpDataDir("none");
  fs.writeFileSync(snapshotPath, Buffer.from(await blob.arrayBuffer()));
  await embedded.stop();
  process.env[PGLITE_TEMPLATE_VARIABLE] = templateFolder;
  project.provide("pgliteSnapshot", snapshotPath);
  // On PostgreSQL: one migrated, seeded template that every test file's database is copied from, and the
  // servers the integration tests start use copies of it too (the PostgreSQL pass starts no PGlite).
  const template = process.env.DATABASE_URL ? await makeTemplate(process.env.DATABASE_URL) : undefined;
  if (template) {
    process.env[TEMPLATE_VARIABLE] = template.name;
    if (project.name === "integration") process.env[SERVERS_ON_POSTGRES_VARIABLE] = "1";
  }
  return async () => {
    fs.rmSync(path.dirname(snapshotPath), { recursive: true, force: true });
    await template?.drop();
  };
}
