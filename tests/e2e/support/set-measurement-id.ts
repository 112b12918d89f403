// Usage: DATA_DIR=... node --import tsx tests/e2e/support/set-measurement-id.ts G-XXXXXXX
import { getSeoSettings, updateSeoSettings } from "~/models/seo-settings.server";
import { openE2eDatabase } from "./e2e-database";

const measurementId = process.argv[2] ?? "";
const { close } = await openE2eDatabase();
const seo = await getSeoSettings();
const saved = await updateSeoSettings({ gaTrackingId: measurementId }, { userId: null, email: "e2e@kestrelinsight.example" }, seo.version);
await close();
if (!saved.ok) {
  console.error(saved);
  process.exit(1);
}
