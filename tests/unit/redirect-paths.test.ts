import { describe, expect, it } from "vitest";
import { redirectLocation } from "~/server/http/redirect-edge.server";
import { neutraliseFormulas, parseCsv, restoreNeutralised } from "~/utils/csv";
import { chainProblem, type RuleLink } from "~/utils/redirect-chains";
import { normalisePath } from "~/utils/site-paths";

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
    ["//evil.example", "another site's address"],
    ["/\\evil", "a backslash a browser reads as //"],
    ["/a/../b", "a .. segment a browser would resolve"],
    ["/a/./b", "a . segment"],
    ["/%2e%2e/b", "an encoded .. segment"],
    ["/new page", "a space"],
    ["/tab\tpage", "a tab"],
    ["old-page", "no leading slash"],
    ["", "nothing"],
    ["https://site.example/page", "a full URL"],
  ])("refuses %j (%s)", (input) => {
    expect(normalisePath(input)).toBeNull();
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
