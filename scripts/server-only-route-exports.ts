import path from "node:path";
// Remix's own remover, as it strips loader, action and headers from the browser's copy of a route module.
import { removeExports } from "@remix-run/dev/dist/vite/remove-exports.js";
import type { Plugin } from "vite";

/**
 * Strips route exports the server alone uses from the browser's build, with whatever only they import, as
 * Remix does for loader, action and headers: the API routes' `openapi` declarations reference the Zod
 * schemas of `.server` modules, which Remix refuses in client code and which browsers have no use for.
 */
export function serverOnlyRouteExports(appDirectory: string, names: string[]): Plugin {
  const routes = path.join(appDirectory, "routes") + path.sep;
  return {
    name: "kestrel-server-only-route-exports",
    transform(code, id, options) {
      const [file = id] = id.split("?");
      if (options?.ssr || !file.startsWith(routes) || !names.some((name) => code.includes(name))) return;
      return removeExports(code, names, { sourceMaps: true, filename: id, sourceFileName: file });
    },
  };
}
