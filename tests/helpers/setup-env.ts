import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { setDatabase } from "~db/client.server";
import { loadConfig, setConfig } from "~/server/config.server";
import { createTestDatabase, type TestDatabase } from "./test-database";

/**
 * Every integration test file gets its own fresh database and a local configuration, installed where
 * the app's models and loaders look for them.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-test-"));
export const testConfig = loadConfig({
  NODE_ENV: "test",
  DATA_DIR: dataDir,
  PUBLIC_URL: "http://localhost:3000",
  SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
  ADMIN_EMAILS: "admin@kestrelinsight.example,@ops.kestrelinsight.example",
  // A search waits for the index to take in a write just made; on a machine busy with other test files that
  // can pass the 1.5 s a visitor is given. The test of that cap sets its own.
  SEARCH_TIMEOUT_MS: "30000",
});
setConfig(testConfig);

let database: TestDatabase | undefined;

beforeAll(async () => {
  database = await createTestDatabase({ snapshotPath: inject("pgliteSnapshot") });
  setDatabase(database.handle);
  // As the server does at start: the pages' copy in the search table, so that no GET writes it. Imported
  // here, not above, so that the app's modules load with the test file's own mocks in place.
  const { syncSearchPages } = await import("~/server/site/search.server");
  await syncSearchPages();
});

afterAll(async () => {
  setDatabase(undefined);
  await database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
