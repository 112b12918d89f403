import { loadConfig } from "../app/server/config.server";
import { prepareDatabase } from "./prepare.server";

const config = loadConfig();
const handle = await prepareDatabase(config);
await handle.close();
console.log(`Database migrated and seeded (${handle.driver}).`);
