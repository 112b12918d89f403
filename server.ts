/**
 * The process entry. In production the build compiles this file to `build/server.js`, and
 * `node build/server.js` imports the Remix server build, which holds the whole server (HTTP edge, page
 * cache, models, database), and starts it: one process, one module graph, no TypeScript at run time.
 * `node --import tsx server.ts --dev` (npm run dev) starts the same server from Vite's development build,
 * with hot reload.
 */
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";

/** What app/entry.server.tsx exports besides Remix's own entry: the server itself. */
interface ServerEntry {
  startServer(options: {
    build: ServerBuild | (() => Promise<ServerBuild>);
    buildDir?: string;
    viteMiddleware?: unknown;
  }): Promise<void>;
}

const development = process.argv.includes("--dev");
process.env.NODE_ENV ??= development ? "development" : "production";

if (development) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  const load = () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  const entry = (await load()).entry.module as unknown as ServerEntry;
  await entry.startServer({ build: load, viteMiddleware: vite.middlewares });
} else {
  // This file runs as build/server.js: the server build is beside it.
  const build = (await import(new URL("server/index.js", import.meta.url).href)) as ServerBuild;
  const buildDir = fileURLToPath(new URL(".", import.meta.url));
  await (build.entry.module as unknown as ServerEntry).startServer({ build, buildDir });
}
