// Usage: DATA_DIR=... node --import tsx tests/e2e/support/set-measurement-id.ts G-XXXXXXX
import path from "node:path";
import { setDatabase } from "../../../db/client.server";
import { prepareDatabase } from "../../../db/prepare.server";
import { getSeoSettings, updateSeoSettings } from "../../../app/models/seo-settings.server";
import { loadConfig, setConfig } from "../../../app/server/config.server";

const measurementId = process.argv[2] ?? "";
const config = loadConfig();
setConfig(config);
const database = await prepareDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(config.dataDir, "pglite"),
  siteUrl: config.publicUrl.origin,
});
setDatabase(database.handle);
const seo = await getSeoSettings();
const saved = await updateSeoSettings({ gaTrackingId: measurementId }, { userId: null, email: "e2e@kestrelinsight.example" }, seo.version);
await database.close();
if (!saved.ok) {
  console.error(saved);
  process.exit(1);
}
