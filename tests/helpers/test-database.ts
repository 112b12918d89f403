import crypto from "node:crypto";
import fs from "node:fs";
import postgres from "postgres";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "../../db/client.server";
import { seedDatabase } from "../../db/seed";
import { servePglite } from "./embedded-for-tests";

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The throwaway database's URL when on PostgreSQL. */
  url: string | undefined;
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database: PGlite in memory by default (loaded from the run's snapshot and
 * served on a socket, as the embedded database is), or a throwaway database on the PostgreSQL server of
 * DATABASE_URL, dropped afterwards. Either way the app reaches it through postgres.js.
 */
export async function createTestDatabase(options: { snapshotPath?: string } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const snapshot =
      options.snapshotPath && fs.existsSync(options.snapshotPath)
        ? new Blob([fs.readFileSync(options.snapshotPath)])
        : undefined;
    const embedded = await servePglite({ snapshot });
    const connection = { socketDir: embedded.socketDir };
    if (!snapshot) await migrateDatabase(connection);
    const handle = openDatabase(connection);
    if (!snapshot) await seedDatabase(handle.db, "http://localhost:3000");
    return {
      handle,
      url: undefined,
      async destroy() {
        await handle.close();
        await embedded.stop();
      },
    };
  }

  const name = `kestrel_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await migrateDatabase({ databaseUrl: url.toString() });
  const handle = openDatabase({ databaseUrl: url.toString() });
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
