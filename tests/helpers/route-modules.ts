import { COLLECTIONS } from "~/collections";
import type { RouteArgs, RouteHandlers } from "./api-client";

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

/**
 * The route file that serves an OpenAPI path: /api/admin/products/{id} -> api.admin.products.$id,
 * /api/openapi.json -> api.openapi[.]json; a path no file of its own serves, the file that serves it for
 * every collection (/api/admin/products/{id}/revisions -> api.admin.$collection.$id.revisions,
 * /api/admin/products -> api.admin.$collection).
 */
export function routeNameOf(path: string): string {
  const name = path
    .split("/")
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(\w+)\}$/, "$$$1").replace(/\./g, "[.]"))
    .join(".");
  if (apiRouteModules.has(name)) return name;
  if (/^api\.[^.$]+$/.test(name) && apiRouteModules.has("api.$collection")) return "api.$collection";
  const forEveryCollection = name.replace(/^api\.admin\.[^.$]+(?=\.|$)/, "api.admin.$$collection");
  return apiRouteModules.has(forEveryCollection) ? forEveryCollection : name;
}

/** The route module that serves an OpenAPI path, given the collection the path names when it serves every collection. */
export async function apiRouteFor(path: string): Promise<RouteHandlers> {
  const name = routeNameOf(path);
  const route = await apiRouteModules.get(name)!();
  if (name === "api.$collection") return withParams(route, { collection: path.split("/")[2]! });
  return name.startsWith("api.admin.$collection")
    ? withParams(route, { collection: path.split("/")[3]! })
    : route;
}

/** A route module whose loader and action get `params` too (those a call passes win), as Remix gives them from the URL. */
export function withParams(route: RouteHandlers, params: Record<string, string>): RouteHandlers {
  const bind = (handler: RouteHandlers["loader"]) =>
    handler && ((args: RouteArgs) => handler({ ...args, params: { ...params, ...args.params } }));
  return { loader: bind(route.loader), action: bind(route.action) };
}

/** The URL params a route name declares: api.admin.products.$id -> ["id"]. */
export function paramsOf(routeName: string): string[] {
  return [...routeName.matchAll(/\$(\w+)/g)].map((match) => match[1]!);
}

const DIALOG_SECTIONS = COLLECTIONS.flatMap((collection) => ("dialogs" in collection ? [collection.section] : []));

/**
 * Every page route by the name it would have if it were its own file: the routes that serve every
 * collection edited in dialogs (admin.$section.new) appear once per collection (admin.stats.new...).
 */
export const pageRouteNames: string[] = [...pageRouteModules.keys()]
  .flatMap((name) =>
    /^admin\.\$section(\.|$)/.test(name)
      ? DIALOG_SECTIONS.map((section) => name.replace("$section", section))
      : [name],
  )
  .sort();

/** The page route module of a name from pageRouteNames, with the collection's section bound where it serves every one. */
export async function pageRouteFor(name: string): Promise<RouteHandlers> {
  const own = pageRouteModules.get(name);
  if (own) return own();
  const section = name.split(".")[1]!;
  const route = await pageRouteModules.get(name.replace(`admin.${section}`, "admin.$section"))!();
  return withParams(route, { section });
}
