import path from "node:path";
import { loadConfig } from "~/server/config.server";
import { prepareDatabase } from "./prepare.server";

// `db:migrate` and `db:seed` are one step: preparing applies the migrations, then seeds what is missing
// (never overwriting an operator's work).
const config = loadConfig();
const database = await prepareDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(config.dataDir, "pglite"),
  siteUrl: config.publicUrl.origin,
});
await database.close();
console.log(`Database migrated and seeded (${database.handle.kind}).`);
