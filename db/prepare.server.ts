import { migrateDatabase, openDatabase, type DatabaseHandle } from "./client.server";
import { seedDatabase } from "./seed";

export interface PrepareOptions {
  /** PostgreSQL; unset for PGlite in `pgliteDir`. */
  databaseUrl: string | undefined;
  pgliteDir: string;
  /** The site's origin, for the seeded SEO settings. */
  siteUrl: string;
  /** Where the migrations are: the build's copy in production, db/migrations otherwise. */
  migrationsFolder?: string;
}

/** Opens the configured database, applies migrations and seeds it: what every start does. */
export async function prepareDatabase(options: PrepareOptions): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: options.databaseUrl, pgliteDir: options.pgliteDir });
  try {
    await migrateDatabase(handle, options.databaseUrl, options.migrationsFolder);
    await seedDatabase(handle.db, options.siteUrl);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
