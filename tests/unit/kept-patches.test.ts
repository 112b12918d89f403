import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The postgres.js fix of decision 0014 lives in node_modules, put there by scripts/apply-patches.mjs (npm
 * runs no install scripts here: .npmrc). Without it, a connection dropped with a write pending ends the
 * process; this fails first, with the file to look at.
 */
describe("the kept patch of postgres.js", () => {
  const root = path.resolve("node_modules", "postgres");

  it.each(["src/connection.js", "cjs/src/connection.js", "cf/src/connection.js"])("is applied to %s", (file) => {
    const source = fs.readFileSync(path.join(root, file), "utf8");
    expect(source).toContain("dropPendingWrite()");
    expect(source).toMatch(/if \(socket === null\) \{[\s\S]*?CONNECTION_CLOSED/);
  });

  it("is for the version installed", () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
    expect(fs.existsSync(path.join("patches", `postgres+${version}.patch`))).toBe(true);
  });
});

/** The route matching of decision 0018: without it every request flattens and ranks the route tree again. */
describe("the kept patch of @remix-run/router", () => {
  const root = path.resolve("node_modules", "@remix-run", "router");

  it("is applied to the build the server loads", () => {
    const source = fs.readFileSync(path.join(root, "dist", "router.cjs.js"), "utf8");
    expect(source).toContain("let branches = rankedBranches(routes);");
    expect(source).toContain("compiledPaths.get(key)");
    expect(source).toMatch(/childrenToPatch\.push\(\.\.\.newRoutes\);\s*rankedBranchesCache = new WeakMap\(\);/);
  });

  it("is for the version installed", () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
    expect(fs.existsSync(path.join("patches", `@remix-run+router+${version}.patch`))).toBe(true);
  });
});
