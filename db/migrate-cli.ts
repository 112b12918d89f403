import path from "node:path";
import { loadConfig } from "~/server/config.server";
import { prepareDatabase } from "./prepare.server";

// Migrating is part of preparing (which also seeds, never overwriting an operator's work).
const config = loadConfig();
const database = await prepareDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(config.dataDir, "pglite"),
  siteUrl: config.publicUrl.origin,
});
await database.close();
console.log(`Migrations applied (${database.handle.kind}).`);
