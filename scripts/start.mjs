// `npm start`: builds when the sources changed since the last build (or there is none), then runs the
// built server in this same process, so the signal a supervisor sends reaches the server itself.
// A deployment can run `node build/server.js` directly (README, "Deploying").
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sourcesHash, STAMP_FILE } from "./sources-hash.mjs";

const patches = spawnSync(process.execPath, [path.join(import.meta.dirname, "apply-patches.mjs")], { stdio: "inherit" });
if (patches.status !== 0) process.exit(patches.status ?? 1);

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const stamp = path.join(buildDir, STAMP_FILE);
const current = fs.existsSync(path.join(buildDir, "server.js")) && fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8").trim() === sourcesHash();
if (!current) {
  console.log("[start] building: the sources changed since the last build, or there is none");
  const result = spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= "production";
await import(pathToFileURL(path.join(buildDir, "server.js")).href);
