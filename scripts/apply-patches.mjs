// Applies the kept patches in patches/ to node_modules: the postgres.js fix (decision 0014) and the route
// matching of @remix-run/router, @remix-run/react and react-router-dom (decision 0018).
// .npmrc sets ignore-scripts (a dependency's install script would fetch files from the internet), which
// also keeps npm from running this project's own postinstall: so `npm start`, `npm run build` and CI run
// this themselves. patch-package leaves a patch that is already applied as it is.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const cli = createRequire(import.meta.url).resolve("patch-package/index.js");
const result = spawnSync(process.execPath, [cli, "--error-on-fail"], { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });
if (result.status !== 0) {
  process.stdout.write(result.stdout ?? "");
  console.error("[patches] the kept patches could not be applied (see above); the server must not run without them.");
  process.exit(result.status ?? 1);
}
if (process.argv.includes("--verbose")) process.stdout.write(result.stdout);
