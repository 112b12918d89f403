import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { isRedirectTarget, MAX_CHAIN, REDIRECT_MESSAGES, redirectSchema } from "~/schemas/redirect";
import { redirectLocation } from "~/server/http/redirect-edge.server";
import { neutraliseFormulas, parseCsv, restoreNeutralised } from "~/utils/csv";
import { chainProblem, firstChainProblem, type ImportedLink, type RuleLink } from "~/utils/redirect-chains";
import { isSiteOwnPath, leavesSite, normalisePath, reservedPrefixOf } from "~/utils/site-paths";

const SITE = "http://localhost:3000";

describe("how a redirect's address is written (normalisePath)", () => {
  it.each([
    ["/old-page/", "/old-page"],
    ["/old-page///", "/old-page"],
    ["/", "/"],
    ["  /padded  ", "/padded"],
  ])("a trailing slash (or padding) names the same address: %j is %j", (input, expected) => {
    expect(normalisePath(input)).toBe(expected);
  });

  it("keeps the letters' case: /About and /about are two addresses", () => {
    expect(normalisePath("/About")).toBe("/About");
    expect(normalisePath("/About")).not.toBe(normalisePath("/about"));
  });

  it.each([
    ["/page?utm_source=x", "/page"],
    ["/page#team", "/page"],
    ["/page/?a=1#b", "/page"],
  ])("drops the query string and the fragment: %j is %j", (input, expected) => {
    expect(normalisePath(input)).toBe(expected);
  });

  it("percent-encodes non-ASCII letters, so a typed and a copied address are one", () => {
    expect(normalisePath("/über")).toBe("/%C3%BCber");
    expect(normalisePath("/straße")).toBe("/stra%C3%9Fe");
    expect(normalisePath("/über")).toBe(normalisePath("/%C3%BCber"));
  });

  it("writes percent-escapes in upper case", () => {
    expect(normalisePath("/%c3%bcber")).toBe("/%C3%BCber");
    expect(normalisePath("/a%2fb")).toBe("/a%2Fb");
  });

  it.each([
    ["/a/../b", "/b"],
    ["/a/./b", "/a/b"],
    ["/%2e%2e/b", "/b"],
    ["/a/%2E/b/..", "/a"],
    ["/a\\b", "/a/b"],
    ["/a//b//", "/a/b"],
    ["/%61bout", "/about"],
    ["/%7Euser", "/~user"],
    ["/%252e%252e/b", "/%252e%252e/b"],
  ])("is read as a browser reads it (dot segments, slashes, escapes decoded once): %j is %j", (input, expected) => {
    expect(normalisePath(input)).toBe(expected);
  });

  it.each([
    ["//evil.example", "another site's address"],
    ["/\\evil", "a backslash a browser reads as //"],
    ["/.//evil.example", "a . segment before //"],
    ["/..//evil.example", "a .. segment before //"],
    ["/a/..//evil.example", "a .. segment that leaves //"],
    ["/%2e%2e//evil.example", "an encoded .. segment before //"],
    ["/.%2E//evil.example", "a half-encoded .. segment"],
    ["/\\/evil.example", "a backslash and a slash"],
    ["/new page", "a space"],
    ["/tab\tpage", "a tab"],
    ["old-page", "no leading slash"],
    ["", "nothing"],
    ["https://site.example/page", "a full URL"],
  ])("refuses %j (%s)", (input) => {
    expect(normalisePath(input)).toBeNull();
  });
});

const HOSTILE_TARGETS = [
  "/.//evil.example",
  "/..//evil.example",
  "/a/..//evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2E//evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "//evil.example",
  "/a/b/../..//evil.example",
];

describe("a redirect target that would leave the site", () => {
  it.each(HOSTILE_TARGETS)("%j is read as another site's address and refused with its own message", (to) => {
    expect(leavesSite(to)).toBe(true);
    expect(isRedirectTarget(to)).toBe(false);
    const result = redirectSchema.safeParse({ from: "/somewhere", to, statusCode: "301" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["to", REDIRECT_MESSAGES.toLeavesSite],
    ]);
  });

  it.each(HOSTILE_TARGETS)("a rule saved with %j before this check still answers a path on this site", (to) => {
    const location = redirectLocation({ to }, "?x=1", SITE);
    expect(location).toMatch(/^\/(?![/\\])/);
  });

  it("a path target never yields a Location starting with // or /\\ (any path, any query)", () => {
    const segment = fc.constantFrom(".", "..", "", "%2e", "%2E%2e", "\\", "a", "evil.example", "%2F", "%5C");
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), fc.string({ maxLength: 5 }), (segments, query) => {
        const to = `/${segments.join("/")}`;
        const location = redirectLocation({ to }, encodeURIComponent(query), SITE);
        expect(location.startsWith("//") || location.startsWith("/\\")).toBe(false);
        const path = normalisePath(to);
        if (path !== null) expect(path.startsWith("//")).toBe(false);
      }),
    );
  });

  it("another site's full address is still a target: what leaves the site is typed as such", () => {
    expect(isRedirectTarget("https://partner.example/page")).toBe(true);
    expect(redirectLocation({ to: "https://partner.example/page" }, "", SITE)).toBe("https://partner.example/page");
  });
});

describe("the site's own addresses, whatever their case or escapes", () => {
  it.each([
    ["/HEALTHZ", true],
    ["/Readyz", true],
    ["/Robots.txt", true],
    ["/newsroom/feed.xml", true],
    ["/Newsroom/Feed.XML", true],
    ["/about.DATA", true],
    ["/robots", false],
  ])("%j is one of the site's own files: %s", (path, own) => {
    expect(isSiteOwnPath(normalisePath(path)!)).toBe(own);
  });

  it.each([
    ["/media/abc.webp", "/media"],
    ["/MEDIA/abc.webp", "/media"],
    ["/%61dmin/users", "/admin"],
    ["/a/../api/x", "/api"],
    ["/%41PI", "/api"],
  ])("%j belongs to the site's %s area once decoded", (path, prefix) => {
    expect(reservedPrefixOf(normalisePath(path)!)).toBe(prefix);
  });

  it.each(["/HEALTHZ", "/Readyz", "/Robots.txt", "/newsroom/feed.xml"])("a rule from %j is refused", (from) => {
    const result = redirectSchema.safeParse({ from, to: "/about", statusCode: "301" });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["from", REDIRECT_MESSAGES.fromOwnFile],
    ]);
  });

  it.each([
    ["/media/x.webp", "/media"],
    ["/%61dmin", "/admin"],
  ])("a rule from %j is refused as the site's %s area", (from, prefix) => {
    const result = redirectSchema.safeParse({ from, to: "/about", statusCode: "301" });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["from", REDIRECT_MESSAGES.fromReserved(prefix)],
    ]);
  });
});

describe("a 410 rule has no destination", () => {
  it("a 410 sent without any To (as a form sends an empty field) is accepted with an empty To", () => {
    const result = redirectSchema.safeParse({ from: "/retired", statusCode: "410" });
    expect(result.success).toBe(true);
    expect(result.data?.to).toBe("");
  });

  it("a 301 sent without any To is refused as missing its destination, not as a bad path", () => {
    const result = redirectSchema.safeParse({ from: "/retired", statusCode: "301" });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["to", REDIRECT_MESSAGES.toRequired],
    ]);
  });
});

describe("redirect chains and loops (chainProblem)", () => {
  const link = (from: string, to: string, statusCode = 301, id?: number): RuleLink => ({
    from,
    to,
    statusCode,
    id,
  });
  /** `count` rules in a row: /r0 → /r1 → … → /r{count}. */
  const run = (count: number) =>
    Array.from({ length: count }, (_, i) => link(`/r${i}`, `/r${i + 1}`, 301, i + 1));

  it("finds a loop through three rules and names it from the new rule round", () => {
    const rules = [link("/a", "/b"), link("/b", "/c")];
    expect(chainProblem(rules, link("/c", "/a"), SITE, 5)).toEqual({
      kind: "loop",
      chain: ["/c", "/a", "/b", "/c"],
    });
  });

  it("finds a loop whatever query string, fragment or trailing slash the target has", () => {
    const rules = [link("/a", "/b?x=1"), link("/b", "/c/")];
    expect(chainProblem(rules, link("/c", "/a#top"), SITE, 5)?.kind).toBe("loop");
  });

  it("finds a loop through an absolute URL on the site's own origin, not through another site", () => {
    const rules = [link("/a", `${SITE}/b`)];
    expect(chainProblem(rules, link("/b", "/a"), SITE, 5)).toEqual({
      kind: "loop",
      chain: ["/b", "/a", "/b"],
    });
    const elsewhere = [link("/a", "https://elsewhere.example/b")];
    expect(chainProblem(elsewhere, link("/b", "/a"), SITE, 5)).toBeNull();
  });

  it("allows a chain of exactly 5 redirects and refuses 6", () => {
    expect(chainProblem(run(4), link("/r4", "/r5"), SITE, 5)).toBeNull();
    expect(chainProblem(run(5), link("/r5", "/r6"), SITE, 5)).toEqual({
      kind: "chain",
      chain: ["/r0", "/r1", "/r2", "/r3", "/r4", "/r5", "/r6"],
    });
  });

  it("counts the rules before the new one: a rule put in front of a chain of 5 is refused", () => {
    expect(chainProblem(run(5).slice(1), link("/r0", "/r1"), SITE, 5)).toBeNull();
    const problem = chainProblem(run(5), link("/start", "/r0"), SITE, 5);
    expect(problem).toEqual({ kind: "chain", chain: ["/start", "/r0", "/r1", "/r2", "/r3", "/r4", "/r5"] });
  });

  it("counts the rules both before and after a rule that joins two chains", () => {
    const rules = [link("/a", "/b"), link("/b", "/c"), link("/d", "/e"), link("/e", "/f")];
    expect(chainProblem(rules, link("/c", "/d"), SITE, 5)).toBeNull();
    expect(chainProblem(rules, link("/c", "/d"), SITE, 4)).toEqual({
      kind: "chain",
      chain: ["/a", "/b", "/c", "/d", "/e", "/f"],
    });
  });

  it("names the longest of two chains that lead into the new rule", () => {
    const rules = [link("/x", "/c"), link("/a", "/b"), link("/b", "/c")];
    expect(chainProblem(rules, link("/c", "/d"), SITE, 2)).toEqual({
      kind: "chain",
      chain: ["/a", "/b", "/c", "/d"],
    });
  });

  it("ends a chain at a target on another site", () => {
    const rules = [...run(5), link("/r5", "https://elsewhere.example/r6")];
    expect(chainProblem(rules.slice(0, 5), link("/r5", "https://elsewhere.example/r6"), SITE, 5)).toBeNull();
    expect(chainProblem(rules, link("/start", "/r0"), SITE, 5)).toEqual({
      kind: "chain",
      chain: ["/start", "/r0", "/r1", "/r2", "/r3", "/r4", "/r5"],
    });
  });

  it("ends a chain at a 410: a removed page sends nobody further", () => {
    const rules = [...run(4), link("/r4", "", 410)];
    expect(chainProblem(rules, link("/start", "/r0"), SITE, 5)).toBeNull();
    // A 410 breaks a loop too.
    expect(chainProblem([link("/a", "/b"), link("/b", "", 410)], link("/c", "/a"), SITE, 5)).toBeNull();
  });

  it("judges an edited rule in place of its old self (by id), not beside it", () => {
    const rules = [link("/a", "/b", 301, 1), link("/b", "/c", 301, 2)];
    // Rule 2 edited to point back at /a: a loop.
    expect(chainProblem(rules, link("/b", "/a", 301, 2), SITE, 5)?.kind).toBe("loop");
    // Rule 2 moved to /z → /a: its old /b → /c no longer counts, so /z → /a → /b is 2 redirects, not 3.
    expect(chainProblem(rules, link("/z", "/a", 301, 2), SITE, 2)).toBeNull();
    // As a new rule beside the old ones it would make /z → /a → /b → /c.
    expect(chainProblem(rules, link("/z", "/a"), SITE, 2)?.chain).toEqual(["/z", "/a", "/b", "/c"]);
  });
});

describe("the chain check over a whole import (firstChainProblem)", () => {
  const row = (line: number, from: string, to: string, statusCode = 301): ImportedLink => ({ line, from, to, statusCode });
  /** `count` rows all sending visitors to one page. */
  const fanIn = (count: number, to = "/about") =>
    Array.from({ length: count }, (_, i) => row(i + 2, `/old/${i}`, to));

  it("accepts 5,000 rows all pointing at one page, and the same beside 5,000 rules already there", () => {
    expect(firstChainProblem([], fanIn(5000), SITE, MAX_CHAIN)).toBeNull();
    const existing = Array.from({ length: 5000 }, (_, i) => ({ id: i + 1, from: `/kept/${i}`, to: "/about", statusCode: 301 }));
    expect(firstChainProblem(existing, fanIn(5000), SITE, MAX_CHAIN)).toBeNull();
  });

  it("refuses a row that sends the big fan-in on one step too far, naming the row and a chain through it", () => {
    // 4,000 rows into /a; /a → /b → /c → /d → /e is fine (5 redirects from /old/n); one more is 6.
    const rows = [
      ...fanIn(4000, "/a"),
      row(5000, "/a", "/b"),
      row(5001, "/b", "/c"),
      row(5002, "/c", "/d"),
      row(5003, "/d", "/e"),
      row(5004, "/e", "/f"),
    ];
    expect(firstChainProblem([], rows.slice(0, -1), SITE, MAX_CHAIN)).toBeNull();
    const found = firstChainProblem([], rows, SITE, MAX_CHAIN);
    expect(found?.line).toBe(5004);
    expect(found?.problem.kind).toBe("chain");
    expect(found?.problem.chain).toHaveLength(MAX_CHAIN + 2);
    expect(found?.problem.chain.slice(1)).toEqual(["/a", "/b", "/c", "/d", "/e", "/f"]);
  });

  it("finds a loop closed by the last of 3,000 rows of a long chain's end and names it from that row", () => {
    const rows = [...fanIn(3000, "/x"), row(4000, "/x", "/y"), row(4001, "/y", "/x")];
    expect(firstChainProblem([], rows, SITE, MAX_CHAIN)).toEqual({
      line: 4001,
      problem: { kind: "loop", chain: ["/y", "/x", "/y"] },
    });
  });

  it("finds a loop closed through a rule already there, named from the row", () => {
    const existing = [{ id: 1, from: "/p", to: "/q", statusCode: 301 }];
    expect(firstChainProblem(existing, [row(2, "/unrelated", "/about"), row(3, "/q", "/p")], SITE, MAX_CHAIN)).toEqual({
      line: 3,
      problem: { kind: "loop", chain: ["/q", "/p", "/q"] },
    });
  });

  it("names the first row at which a long chain grows past the limit, as row-by-row checking would", () => {
    // A chain of 8 written backwards: the 6th redirect is completed at line 7 whichever end it grows from.
    const chain = Array.from({ length: 8 }, (_, i) => row(i + 2, `/c${7 - i}`, `/c${8 - i}`));
    const found = firstChainProblem([], chain, SITE, MAX_CHAIN);
    expect(found?.line).toBe(7);
    expect(found?.problem).toEqual({ kind: "chain", chain: ["/c2", "/c3", "/c4", "/c5", "/c6", "/c7", "/c8"] });
  });

  it("a 5,000-long chain is refused, and a loop round 5,000 rules too, each at its first bad row", () => {
    const chain = Array.from({ length: 5000 }, (_, i) => row(i + 2, `/n${i}`, `/n${i + 1}`));
    expect(firstChainProblem([], chain, SITE, MAX_CHAIN)?.line).toBe(MAX_CHAIN + 2);
    const loop = [...chain.slice(0, -1), row(5001, "/n4999", "/n0")];
    expect(firstChainProblem([], loop, SITE, MAX_CHAIN)?.line).toBe(MAX_CHAIN + 2);
  });

  it("a row that replaces a rule is judged in its place", () => {
    const existing = [
      { id: 1, from: "/a", to: "/b", statusCode: 301 },
      { id: 2, from: "/b", to: "/c", statusCode: 301 },
    ];
    expect(firstChainProblem(existing, [{ ...row(2, "/b", "/a"), id: 2 }], SITE, MAX_CHAIN)?.problem.kind).toBe("loop");
    expect(firstChainProblem(existing, [{ ...row(2, "/b", "", 410), id: 2 }, row(3, "/c", "/a")], SITE, MAX_CHAIN)).toBeNull();
  });

  it("a chain that was already too long before the import is not the file's problem", () => {
    const old = Array.from({ length: 8 }, (_, i) => ({ id: i + 1, from: `/old${i}`, to: `/old${i + 1}`, statusCode: 301 }));
    expect(firstChainProblem(old, fanIn(10, "/elsewhere"), SITE, MAX_CHAIN)).toBeNull();
  });

  it("does work in proportion to the rules: 5,000 rows into one page cost about ten times 500", () => {
    // Counted, not timed: every lookup and insertion in its maps and sets (a quadratic check would make
    // about 100 times as many). The bench (`npm run bench -- --only redirect-import`) has the times.
    const operations = (count: number) => {
      const rows = fanIn(count);
      const spies = [Map.prototype, Set.prototype].flatMap((proto) =>
        (["get", "has", "set", "add"] as const)
          .filter((name) => name in proto)
          .map((name) => vi.spyOn(proto as unknown as Record<string, () => unknown>, name)),
      );
      try {
        firstChainProblem([], rows, SITE, MAX_CHAIN);
        return spies.reduce((total, spy) => total + spy.mock.calls.length, 0);
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
    };
    const small = operations(500);
    expect(small).toBeGreaterThan(500);
    expect(operations(5000)).toBeLessThanOrEqual(small * 11);
  });
});

describe("reading CSV (parseCsv)", () => {
  it("reads quoted cells with commas, doubled quotes and line breaks", () => {
    expect(parseCsv('"a, b","say ""hi""","two\nlines"\r\n')).toEqual([["a, b", 'say "hi"', "two\nlines"]]);
  });

  it("reads CRLF and LF line ends, and a last line without one", () => {
    expect(parseCsv("a,b\r\nc,d\ne,f")).toEqual([
      ["a", "b"],
      ["c", "d"],
      ["e", "f"],
    ]);
  });

  it("skips a byte order mark", () => {
    expect(parseCsv('\uFEFF"from","to"\r\n')).toEqual([["from", "to"]]);
  });

  it("keeps empty cells", () => {
    expect(parseCsv('"/gone","","410",""\r\n')).toEqual([["/gone", "", "410", ""]]);
  });

  it("answers null when a quote is left open", () => {
    expect(parseCsv('"/a","/b\r\n"/c","/d"')).toBeNull();
    expect(parseCsv('"unclosed')).toBeNull();
  });
});

describe("a neutralised formula comes back as it was (restoreNeutralised)", () => {
  it.each(["=SUM(1)", "+1", "-2", "@x", "x;=1", "a,=b", "first\n=2*3", "\t=1", "no formula here", "1-2"])(
    "%j survives neutralising and restoring",
    (text) => {
      expect(restoreNeutralised(neutraliseFormulas(text))).toBe(text);
    },
  );

  it("puts a quote before the formula on the way out", () => {
    expect(neutraliseFormulas("=SUM(1)")).toBe("'=SUM(1)");
    expect(restoreNeutralised("'=SUM(1)")).toBe("=SUM(1)");
  });
});

describe("where a redirect sends the visitor (redirectLocation)", () => {
  it("adds the visitor's query string to the target's own and keeps the target's fragment", () => {
    expect(redirectLocation({ to: "/platforms?ref=campaign#kestrel" }, "?utm_source=news", SITE)).toBe(
      "/platforms?ref=campaign&utm_source=news#kestrel",
    );
    expect(redirectLocation({ to: "/about" }, "utm_source=news", SITE)).toBe("/about?utm_source=news");
    expect(redirectLocation({ to: "/about" }, "", SITE)).toBe("/about");
  });

  it("answers a path on the site as a path, without the origin", () => {
    expect(redirectLocation({ to: "/about#team" }, "", SITE)).toBe("/about#team");
  });

  it("percent-encodes another site's address so the Location header is plain ASCII", () => {
    const location = redirectLocation({ to: "https://partner.example/über?a=1" }, "?b=2", SITE);
    expect(location).toBe("https://partner.example/%C3%BCber?a=1&b=2");
    expect(location).toMatch(/^[\x21-\x7e]+$/);
  });

  it("percent-encodes a path on the site too", () => {
    expect(redirectLocation({ to: "/straße" }, "", SITE)).toBe("/stra%C3%9Fe");
  });
});
