import path from "node:path";
import type { Config } from "../app/server/config.server";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "./client.server";
import { seedDatabase } from "./seed";

/** Opens the configured database, applies migrations and seeds it: what every start does. */
export async function prepareDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, "pglite"),
  });
  try {
    await migrateDatabase(handle, config.databaseUrl);
    await seedDatabase(handle.db, config.publicUrl.origin);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
