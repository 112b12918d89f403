import type { RouteHandlers } from "./api-client";

type Loader = () => Promise<RouteHandlers>;

function byName(modules: Record<string, Loader>): Map<string, Loader> {
  return new Map(
    Object.entries(modules).map(([file, load]) => [
      file
        .split("/")
        .pop()!
        .replace(/\.tsx?$/, ""),
      load,
    ]),
  );
}

/** Every route module under /api, by route name ("api.admin.products.$id"). */
export const apiRouteModules = byName(
  import.meta.glob<RouteHandlers>("../../app/routes/api.*.{ts,tsx}", { import: "*" }),
);

/** Every other route module: pages and their form actions. */
export const pageRouteModules = byName(
  import.meta.glob<RouteHandlers>(["../../app/routes/*.{ts,tsx}", "!../../app/routes/api.*"], {
    import: "*",
  }),
);

/** The route file that serves an OpenAPI path: /api/admin/products/{id} -> api.admin.products.$id, /api/openapi.json -> api.openapi[.]json. */
export function routeNameOf(path: string): string {
  return path
    .split("/")
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(\w+)\}$/, "$$$1").replace(/\./g, "[.]"))
    .join(".");
}

/** The URL params a route name declares: api.admin.products.$id -> ["id"]. */
export function paramsOf(routeName: string): string[] {
  return [...routeName.matchAll(/\$(\w+)/g)].map((match) => match[1]!);
}
