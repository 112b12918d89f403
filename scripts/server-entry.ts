import fs from "node:fs/promises";
import path from "node:path";
import { transformWithEsbuild, type Plugin } from "vite";
import { sourcesHash, STAMP_FILE } from "./sources-hash.mjs";

/**
 * Once the server build is written: compiles `server.ts` (the process entry) to `build/server.js` and
 * the embedded database's program to `build/embedded-database.js` and the Markdown render worker's to
 * `build/render-worker.js`, so production runs plain JavaScript with
 * no TypeScript loader, and copies the committed migrations to
 * `build/migrations`, so the build runs from any working directory. Last, it stamps the build with the
 * fingerprint of its sources, which `npm start` compares to decide whether to build again.
 */
export function serverEntry(root: string): Plugin {
  return {
    name: "kestrel-server-entry",
    apply: "build",
    async writeBundle(options) {
      if (!options.dir || path.basename(options.dir) !== "server") return;
      const buildDir = path.dirname(options.dir);
      // The process entry, and the embedded database's own process: each a single file that imports only
      // packages (and, for the entry, the build).
      const entries: [source: string, output: string][] = [
        ["server.ts", "server.js"],
        ["db/embedded-database-process.ts", "embedded-database.js"],
        ["app/server/site/render-worker.ts", "render-worker.js"],
      ];
      for (const [source, output] of entries) {
        const file = path.join(root, source);
        const { code } = await transformWithEsbuild(await fs.readFile(file, "utf8"), file, { loader: "ts", format: "esm", target: "node24" });
        await fs.writeFile(path.join(buildDir, output), code);
      }
      await fs.rm(path.join(buildDir, "migrations"), { recursive: true, force: true });
      await fs.cp(path.join(root, "db", "migrations"), path.join(buildDir, "migrations"), { recursive: true });
      await fs.writeFile(path.join(buildDir, STAMP_FILE), `${sourcesHash(root)}\n`);
    },
  };
}
