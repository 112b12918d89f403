// The fingerprint of everything the build is made from: `npm start` rebuilds only when it differs from
// the one the last build wrote (build/.sources).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const SOURCES = [
  "app",
  "db",
  "public",
  "server.ts",
  "remix.config.js",
  "vite.config.ts",
  "scripts/precompress-assets.ts",
  "scripts/server-entry.ts",
  "package-lock.json",
  "tsconfig.json",
];

export const STAMP_FILE = ".sources";

function* files(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

/** A hash of every source file's path and content (modification times change on checkout; content does not). */
export function sourcesHash(root = process.cwd()) {
  const hash = crypto.createHash("sha256");
  for (const source of SOURCES) {
    for (const file of files(path.join(root, source))) {
      hash.update(path.relative(root, file));
      hash.update("\0");
      hash.update(fs.readFileSync(file));
      hash.update("\0");
    }
  }
  return hash.digest("hex");
}
