import { loadConfig } from "../app/server/config.server";
import { migrateDatabase, openDatabase } from "./client.server";
import path from "node:path";

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, "pglite") });
await migrateDatabase(handle, config.databaseUrl);
await handle.close();
console.log(`Migrations applied (${handle.driver}).`);
