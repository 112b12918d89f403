import { createRequire } from "node:module";
import { createMemoryHistory, createRouter, matchPath, matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

/**
 * The kept patch of @remix-run/router (decision 0018) remembers a route tree's ranked branches and each
 * pattern's RegExp, and each path's matches. Matching must answer exactly as before: the best-ranked route, its params, a tree
 * that the router itself grows (lazy route discovery) seen at once.
 */

const routes: AgnosticRouteObject[] = [
  {
    id: "site",
    path: "/",
    children: [
      { id: "post", path: "newsroom/:slug" },
      { id: "newsroom", path: "newsroom" },
      { id: "new-post", path: "admin/news/new" },
      { id: "edit-post", path: "admin/news/:id/edit" },
      { id: "history", path: "admin/:section/:id?/history" },
      { id: "not-found", path: "*" },
    ],
  },
];

const ids = (path: string) => matchRoutes(routes, path)?.map((match) => match.route.id);

describe("route matching", () => {
  it("picks the best-ranked route, the same on every call", () => {
    for (let round = 0; round < 3; round++) {
      expect(ids("/admin/news/new")).toEqual(["site", "new-post"]);
      expect(ids("/admin/news/7/edit")).toEqual(["site", "edit-post"]);
      expect(ids("/newsroom")).toEqual(["site", "newsroom"]);
      expect(ids("/newsroom/a-post")).toEqual(["site", "post"]);
      expect(ids("/admin/news/history")).toEqual(["site", "history"]);
      expect(ids("/NEWSROOM/")).toEqual(["site", "newsroom"]);
      expect(ids("/nowhere/at/all")).toEqual(["site", "not-found"]);
    }
  });

  it("gives each match its own params, however often a pattern is used", () => {
    expect(matchRoutes(routes, "/admin/news/3/edit")?.[1]?.params).toEqual({ id: "3" });
    expect(matchRoutes(routes, "/admin/news/4/edit")?.[1]?.params).toEqual({ id: "4" });
    expect(matchRoutes(routes, "/admin/stats/history")?.[1]?.params).toEqual({ section: "stats", id: undefined });
    expect(matchPath({ path: "/a/:x", caseSensitive: true, end: true }, "/A/1")).toBeNull();
    expect(matchPath({ path: "/a/:x", caseSensitive: false, end: true }, "/A/1")?.params).toEqual({ x: "1" });
    expect(matchPath({ path: "/a", end: false }, "/a/b")?.pathname).toBe("/a");
    expect(matchPath({ path: "/a", end: true }, "/a/b")).toBeNull();
  });

  it("gives every caller its own matches of a path it has matched before", () => {
    const first = matchRoutes(routes, "/newsroom/a-post")!;
    (first[1]!.params as Record<string, string>).slug = "changed";
    first[1]!.pathname = "/changed";
    const again = matchRoutes(routes, "/newsroom/a-post")!;
    expect(again.map((match) => [match.route.id, match.pathname, match.params])).toEqual([
      ["site", "/", { slug: "a-post" }],
      ["post", "/newsroom/a-post", { slug: "a-post" }],
    ]);
    // As the library makes them: the matches of one path share one params object.
    expect(again[0]!.params).toBe(again[1]!.params);
    expect(again).not.toBe(first);
  });

  it("sees routes the router adds to its tree in place while navigating", async () => {
    const router = createRouter({
      routes: [{ id: "root", path: "/", children: [{ id: "home", index: true }] }],
      history: createMemoryHistory(),
      async patchRoutesOnNavigation({ path, patch }) {
        if (path === "/late") patch("root", [{ id: "late", path: "late" }]);
      },
    }).initialize();
    try {
      expect(matchRoutes(router.routes, "/late")).toBeNull();
      await router.navigate("/late");
      expect(router.state.matches.map((match) => match.route.id)).toEqual(["root", "late"]);
      expect(matchRoutes(router.routes, "/late")?.map((match) => match.route.id)).toEqual(["root", "late"]);
    } finally {
      router.dispose();
    }
  });
});

describe("the static router a page is rendered with", () => {
  it("reuses one route tree's data routes across renders, and matches them as before", async () => {
    // The file Remix's server renderer loads (CommonJS), which the kept patch changes.
    const { createStaticHandler, createStaticRouter } = createRequire(import.meta.url)(
      "react-router-dom/server.js",
    ) as typeof import("react-router-dom/server");
    const handler = createStaticHandler(routes as never);
    const render = async (path: string) => {
      const context = await handler.query(new Request(`http://localhost${path}`));
      if (context instanceof Response) throw new Error("unexpected response");
      return { router: createStaticRouter(handler.dataRoutes, context), context };
    };
    const first = await render("/newsroom/a-post");
    const second = await render("/admin/news/new");
    expect(second.router.routes).toBe(first.router.routes);
    expect(first.router.state.matches.map((match) => match.route.id)).toEqual(["site", "post"]);
    expect(second.router.state.matches.map((match) => match.route.id)).toEqual(["site", "new-post"]);
    expect(first.router.state.matches[1]?.params).toEqual({ slug: "a-post" });
  });
});
