import path from "node:path";
import { loadConfig } from "../app/server/config.server";
import { prepareDatabase } from "./prepare.server";

const config = loadConfig();
const handle = await prepareDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, "pglite"),
  siteUrl: config.publicUrl.origin,
});
await handle.close();
console.log(`Database migrated and seeded (${handle.driver}).`);
