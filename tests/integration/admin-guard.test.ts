import fs from "node:fs";
import { admitOperator } from "~/models/operators.server";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { upsertUser } from "~/models/sessions.server";
import { getConfig } from "~/server/config.server";
import { startSession } from "~/server/auth/session.server";
import { CookieJar } from "../helpers/cookie-jar";
import { settle, testContext } from "../helpers/route-result";

/**
 * Every admin page (app/routes/admin*) and every admin API route (app/routes/api.admin*) is found by
 * listing the routes folder, so a route added tomorrow is checked too: each exported loader and action
 * must refuse a request without a session, pages with 404 (SPEC 2: the admin routes do not exist for
 * signed-out visitors) and the API with 401 JSON. The same request with a session must get past that
 * check, which shows the refusal really comes from it.
 */

type RouteFunction = (args: { request: Request; params: Record<string, string>; context: typeof testContext }) => unknown;
interface RouteModule {
  loader?: RouteFunction;
  action?: RouteFunction;
}

interface AdminRoute {
  file: string;
  kind: "page" | "api";
  url: string;
  params: Record<string, string>;
}

const ROUTES_DIR = path.resolve("app/routes");
const MODULE = /\.(tsx|ts|jsx|js)$/;

/** Remix flat routes: "admin.products.$id.edit" is /admin/products/:id/edit (here with id "1"). */
function parseRouteName(name: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const segments = name
    .split(/\.(?![^[]*\])/)
    .map((segment) => {
      if (segment === "_index") return "";
      if (segment === "$") return (params["*"] = "anything");
      if (segment.startsWith("$")) return (params[segment.slice(1)] = "1");
      return segment.replace(/^_+|_+$/g, "").replace(/\[(.)\]/g, "$1");
    })
    .filter(Boolean);
  return { url: `/${segments.join("/")}`, params };
}

/** The admin route modules in app/routes: files, or folders holding a route.tsx. */
function adminRoutes(): AdminRoute[] {
  const found: AdminRoute[] = [];
  for (const entry of fs.readdirSync(ROUTES_DIR, { withFileTypes: true })) {
    const kind = entry.name.startsWith("api.admin") ? "api" : entry.name.startsWith("admin") ? "page" : null;
    if (!kind) continue;
    let file: string | undefined;
    let name = entry.name;
    if (entry.isDirectory()) {
      const inside = fs.readdirSync(path.join(ROUTES_DIR, entry.name)).find((f) => /^route\.(tsx|ts|jsx|js)$/.test(f));
      if (inside) file = path.join(entry.name, inside);
    } else if (MODULE.test(entry.name) && !/\.test\./.test(entry.name)) {
      file = entry.name;
      name = entry.name.replace(MODULE, "");
    }
    if (file) found.push({ file, kind, ...parseRouteName(name) });
  }
  return found.sort((a, b) => a.file.localeCompare(b.file));
}

const routes = adminRoutes();
const origin = () => getConfig().publicUrl.origin;

function makeRequest(route: AdminRoute, method: string, cookie?: string): Request {
  const headers = new Headers({ Origin: origin() });
  if (cookie) headers.set("Cookie", cookie);
  if (method === "GET") return new Request(new URL(route.url, origin()), { headers });
  if (route.kind === "api") headers.set("Content-Type", "application/json");
  else headers.set("Content-Type", "application/x-www-form-urlencoded");
  return new Request(new URL(route.url, origin()), { method, headers, body: route.kind === "api" ? "{}" : "" });
}

async function call(route: AdminRoute, module: RouteModule, method: string, cookie?: string) {
  const fn = method === "GET" ? module.loader : module.action;
  return settle(() => fn!({ request: makeRequest(route, method, cookie), params: route.params, context: testContext }));
}

function methodsOf(route: AdminRoute, module: RouteModule): string[] {
  const write = route.kind === "api" ? ["POST", "PUT", "PATCH", "DELETE"] : ["POST"];
  return [...(module.loader ? ["GET"] : []), ...(module.action ? write : [])];
}

let signedIn: string;

beforeAll(async () => {
  const user = await upsertUser("admin@kestrelinsight.example", "Ada");
  await admitOperator("admin@kestrelinsight.example", "Ada", true);
  const jar = new CookieJar();
  jar.store(new Headers({ "Set-Cookie": await startSession(user.id) }));
  signedIn = jar.header(origin());
});

describe("the admin routes, found by listing app/routes", () => {
  it("finds the admin layout and the admin API among them", () => {
    expect(routes.map((r) => r.file)).toContain("admin.tsx");
    expect(routes.some((r) => r.kind === "api")).toBe(true);
  });

  it.each(routes.filter((r) => r.kind === "page"))("$url ($file): every loader and action is a 404 without a session", async (route) => {
    const module = (await import(/* @vite-ignore */ path.join(ROUTES_DIR, route.file))) as RouteModule;
    const methods = methodsOf(route, module);
    expect(methods.length).toBeGreaterThan(0);
    for (const method of methods) {
      const result = await call(route, module, method);
      expect({ method, status: result.status }).toEqual({ method, status: 404 });
    }
    // With a session, a page without a record id in its URL is found: the 404 above was the session check.
    if (module.loader && Object.keys(route.params).length === 0) {
      const result = await call(route, module, "GET", signedIn);
      expect(result.status).not.toBe(404);
    }
  });

  it.each(routes.filter((r) => r.kind === "api"))("$url ($file): every method is a 401 JSON without a session", async (route) => {
    const module = (await import(/* @vite-ignore */ path.join(ROUTES_DIR, route.file))) as RouteModule;
    const refused: string[] = [];
    for (const method of methodsOf(route, module)) {
      const result = await call(route, module, method);
      // 405: the route does not take this method at all, before anything else runs.
      expect([401, 405]).toContain(result.status);
      if (result.status === 405) continue;
      expect(result.body).toEqual({ message: "Unauthorized" });
      refused.push(method);
    }
    expect(refused.length).toBeGreaterThan(0);
    for (const method of refused) {
      const result = await call(route, module, method, signedIn);
      expect({ method, status: result.status }).not.toEqual({ method, status: 401 });
    }
  });
});

describe("the enumeration itself", () => {
  it.each([
    ["admin", "/admin", {}],
    ["admin._index", "/admin", {}],
    ["admin.products.$id.edit", "/admin/products/1/edit", { id: "1" }],
    ["admin_.print.$", "/admin/print/anything", { "*": "anything" }],
    ["api.admin.menu-items.$id", "/api/admin/menu-items/1", { id: "1" }],
    ["api.admin.export[.]csv", "/api/admin/export.csv", {}],
  ])("reads %s as %s", (name, url, params) => {
    expect(parseRouteName(name)).toEqual({ url, params });
  });

  it("every route found sits under /admin or /api/admin", () => {
    for (const route of routes) expect(route.url.startsWith(route.kind === "api" ? "/api/admin" : "/admin")).toBe(true);
  });
});
