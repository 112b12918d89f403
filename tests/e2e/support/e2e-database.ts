import path from "node:path";
import { setDatabase } from "~db/client.server";
import { prepareDatabase } from "~db/prepare.server";
import { loadConfig, setConfig, type Config } from "~/server/config.server";

/**
 * For the scripts that set up the end-to-end site before its server starts: the config from the
 * environment (DATA_DIR, PUBLIC_URL) and its database, migrated and seeded, as the models' database.
 */
export async function openE2eDatabase(): Promise<{ config: Config; close: () => Promise<void> }> {
  const config = loadConfig();
  setConfig(config);
  const database = await prepareDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, "pglite"),
    siteUrl: config.publicUrl.origin,
    buildDir: path.resolve(process.env.BUILD_DIR ?? "build"),
  });
  setDatabase(database.handle);
  return { config, close: () => database.close() };
}
