// Usage: DATA_DIR=... PUBLIC_URL=... node --import tsx tests/e2e/support/prepare-sessions.ts [count]
// Before the end-to-end server starts on DATA_DIR: migrates and seeds its database and creates operator
// sessions directly in it (as a sign-in would), written to DATA_DIR/e2e-sessions.json for the tests'
// session fixture. Only the sign-in tests go through the identity provider's form. It also retires one
// address with a 410 rule (redirect 1), so the suites that walk every page and screen see that page too.
import fs from "node:fs";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import { admitOperator } from "~/models/operators.server";
import { createRedirect } from "~/models/redirects.server";
import { createSession, upsertUser } from "~/models/sessions.server";
import { COOKIE_NAMES } from "~/utils/cookie-registry";
import { openE2eDatabase } from "./e2e-database";
import { RETIRED_ADDRESS } from "./pages";

const count = Number(process.argv[2] ?? 300);
const { config, close } = await openE2eDatabase();
const cookie = createCookie(config.secure ? COOKIE_NAMES.secureSession : COOKIE_NAMES.session, { secrets: [config.sessionSecret] });
const sessions: { name: string; value: string }[] = [];
const user = await upsertUser("admin@kestrelinsight.example", "Ada");
// As the first sign-in of an ADMIN_EMAILS address makes it: an admin.
await admitOperator(user.email, "Ada Lovelace", true);
for (let i = 0; i < count; i++) {
  const [pair] = (await cookie.serialize(await createSession(user.id, config.session))).split(";");
  const at = pair!.indexOf("=");
  sessions.push({ name: pair!.slice(0, at), value: pair!.slice(at + 1) });
}
const retired = await createRedirect(
  { from: RETIRED_ADDRESS, to: "", statusCode: 410, note: "A campaign that has ended", confirmShadow: false },
  { userId: user.id, email: user.email },
);
if (!retired.ok) throw new Error(`the retired address could not be made: ${JSON.stringify(retired)}`);
await close();
fs.writeFileSync(path.join(config.dataDir, "e2e-sessions.json"), JSON.stringify(sessions));
console.log(`[e2e] ${sessions.length} operator sessions ready`);
