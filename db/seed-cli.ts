import path from "node:path";
import { loadConfig } from "~/server/config.server";
import { prepareDatabase } from "./prepare.server";

const config = loadConfig();
const database = await prepareDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(config.dataDir, "pglite"),
  siteUrl: config.publicUrl.origin,
});
await database.close();
console.log(`Database migrated and seeded (${database.handle.kind}).`);
