import crypto from "node:crypto";
import fs from "node:fs";
import postgres from "postgres";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "../../db/client.server";
import { seedDatabase } from "../../db/seed";

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The throwaway database's URL when on PostgreSQL. */
  url: string | undefined;
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database: PGlite in memory by default (loaded from the run's snapshot),
 * or a throwaway database on the PostgreSQL server of DATABASE_URL, dropped afterwards.
 */
export async function createTestDatabase(options: { snapshotPath?: string } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const snapshot =
      options.snapshotPath && fs.existsSync(options.snapshotPath)
        ? new Blob([fs.readFileSync(options.snapshotPath)])
        : undefined;
    const handle = await openDatabase({ pgliteSnapshot: snapshot });
    if (!snapshot) {
      await migrateDatabase(handle);
      await seedDatabase(handle.db, "http://localhost:3000");
    }
    return { handle, url: undefined, destroy: () => handle.close() };
  }

  const name = `kestrel_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await migrateDatabase(handle, url.toString());
  await seedDatabase(handle.db, "http://localhost:3000");
  return {
    handle,
    url: url.toString(),
    async destroy() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
