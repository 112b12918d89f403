import fs from "node:fs";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "~db/client.server";
import { seedDatabase } from "~db/seed";
import { servePglite } from "./embedded-for-tests";
import { freshDatabase } from "./postgres-template";

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The throwaway database's URL when on PostgreSQL. */
  url: string | undefined;
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database: PGlite in memory by default (loaded from the run's snapshot and
 * served on a socket, as the embedded database is), or a throwaway database on the PostgreSQL server of
 * DATABASE_URL (a copy of the run's template), dropped afterwards. Either way the app reaches it through postgres.js.
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

  const database = await freshDatabase(serverUrl);
  const handle = openDatabase({ databaseUrl: database.url });
  return {
    handle,
    url: database.url,
    async destroy() {
      await handle.close();
      await database.drop();
    },
  };
}
