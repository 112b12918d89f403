import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_RETURN_TO, safeReturnTo } from "~/utils/return-to";

describe("safeReturnTo", () => {
  it.each([
    ["/admin", "/admin"],
    ["/admin/products", "/admin/products"],
    ["/admin/products?page=2&q=a%20b", "/admin/products?page=2&q=a%20b"],
    ["/admin/./hero", "/admin/hero"],
    ["/admin/seo#schema", "/admin/seo"],
    ["/about", "/about"],
  ])("keeps the same-site path %j as %j", (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    // absolute and protocol-relative
    "https://evil.example/admin",
    "HTTPS://evil.example",
    "http:evil.example",
    "//evil.example",
    "//evil.example/admin",
    "///evil.example",
    // dot segments that resolve to "//"
    "/.//evil.example",
    "/admin/..//evil.example",
    "/%2e//evil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    // backslashes, which browsers read as slashes
    "/\\evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "/admin\\..\\..\\evil",
    // encoded once, twice, in either case
    "%2F%2Fevil.example",
    "/%2F%2Fevil.example",
    "/%2f%2fevil.example",
    "/%2F/evil.example",
    "/%5Cevil.example",
    "/%5cevil.example",
    "/%252F%252Fevil.example",
    "/%25252F%25252Fevil.example",
    "/%255C%255Cevil.example",
    // control characters, raw and encoded (URL parsers drop tabs and newlines: "/\t/x" is "//x")
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0d%0aSet-Cookie:%20x=y",
    "/admin%00",
    "/\u0000admin",
    // malformed encoding, not a path, or an API address
    "/admin%",
    "/admin%zz",
    "admin",
    " /admin",
    "",
    "/api/logout",
    "/api/login?returnTo=/admin",
    "/api",
  ])("refuses %j", (value) => {
    expect(safeReturnTo(value)).toBe(DEFAULT_RETURN_TO);
  });

  it("refuses nothing-at-all and very long values, with the fallback asked for", () => {
    expect(safeReturnTo(null)).toBe(DEFAULT_RETURN_TO);
    expect(safeReturnTo(undefined, "/")).toBe("/");
    expect(safeReturnTo(`/admin/${"a".repeat(3000)}`)).toBe(DEFAULT_RETURN_TO);
  });

  it("whatever it is given, answers a path that stays on this site", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.webPath(), fc.string().map((s) => `/${s}`)), (value) => {
        const result = safeReturnTo(value);
        expect(result.startsWith("/")).toBe(true);
        expect(result.startsWith("//")).toBe(false);
        expect(result).not.toMatch(/\\|%2f|%5c/i);
        expect(new URL(result, "https://site.example").origin).toBe("https://site.example");
        // And it still does when a later step decodes it.
        expect(new URL(decodeURIComponent(result), "https://site.example").origin).toBe("https://site.example");
      }),
      { numRuns: 2000 },
    );
    // 2,000 generated inputs: seconds on a busy machine, so not the default 5 s limit.
  }, 30_000);
});
