import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffLines, diffWords, formatDiffValue, MAX_WORD_TOKENS, withWordChanges, type WordSegment } from "~/utils/line-diff";

const side = (segments: WordSegment[], drop: WordSegment["kind"]) =>
  segments.filter((segment) => segment.kind !== drop).map((segment) => segment.text).join("");

describe("a word diff", () => {
  it("marks the words replaced, as one removed run before the added run", () => {
    expect(diffWords("Our fees are low today", "Our charges are low today")).toEqual([
      { kind: "same", text: "Our " },
      { kind: "removed", text: "fees" },
      { kind: "added", text: "charges" },
      { kind: "same", text: " are low today" },
    ]);
  });

  it("reads several neighbouring changed words as one replacement", () => {
    expect(diffWords("the old words here", "the new text here")).toEqual([
      { kind: "same", text: "the " },
      { kind: "removed", text: "old words" },
      { kind: "added", text: "new text" },
      { kind: "same", text: " here" },
    ]);
  });

  it("keeps punctuation as its own token", () => {
    expect(diffWords("Hello, world.", "Hello, world!")).toEqual([
      { kind: "same", text: "Hello, world" },
      { kind: "removed", text: "." },
      { kind: "added", text: "!" },
    ]);
  });

  it("always gives back both texts exactly", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[ab ,.\n-]{0,40}$/), fc.stringMatching(/^[ab ,.\n-]{0,40}$/), (before, after) => {
        const segments = diffWords(before, after);
        if (!segments) return;
        expect(side(segments, "added")).toBe(before);
        expect(side(segments, "removed")).toBe(after);
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses texts past the token cap and very different long texts (the caller falls back)", () => {
    const long = Array.from({ length: MAX_WORD_TOKENS }, (_, i) => `w${i}`).join(" ");
    expect(diffWords(long, "short")).toBeNull();
    const a = Array.from({ length: 600 }, (_, i) => `a${i}`).join(" ");
    const b = Array.from({ length: 600 }, (_, i) => `b${i}`).join(" ");
    expect(diffWords(a, b)).toBeNull();
  });

  it("stays fast on the largest input an operator can send", () => {
    const body = Array.from({ length: 5000 }, (_, i) => `line ${i} with some words in it`).join("\n");
    const edited = body.replace(/with/g, "and");
    const start = performance.now();
    const shown = withWordChanges(diffLines(body, edited));
    expect(performance.now() - start).toBeLessThan(3000);
    // Past the line diff's and the words' bounds, whole lines: every line removed, then every line added.
    expect(shown.length).toBe(10_000);
    const one = withWordChanges(diffLines(body, body.replace("line 2500 with", "line 2500 without")));
    expect(one.filter((row) => row.kind === "changed")).toHaveLength(1);
  });
});

describe("a line diff with its edited lines as words", () => {
  it("pairs a removed line with the added line after it", () => {
    expect(withWordChanges(diffLines("one\nthe fee is low\nthree", "one\nthe fee is high\nthree"))).toEqual([
      { kind: "same", text: "one" },
      {
        kind: "changed",
        segments: [
          { kind: "same", text: "the fee is " },
          { kind: "removed", text: "low" },
          { kind: "added", text: "high" },
        ],
      },
      { kind: "same", text: "three" },
    ]);
  });

  it("leaves lines that share no words, and uneven runs, as removed and added lines", () => {
    expect(withWordChanges(diffLines("a\nold", "a\nnew"))).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "old" },
      { kind: "added", text: "new" },
    ]);
    const rows = withWordChanges(diffLines("x\nb c", "x\nb d\ne f"));
    expect(rows.map((row) => row.kind)).toEqual(["same", "removed", "added", "added"]);
  });
});

describe("values in words", () => {
  it("names codes by the editor's labels, booleans Yes/No, and times as the admin writes them", () => {
    expect(formatDiffValue("published", { draft: "Draft", published: "Published" })).toBe("Published");
    expect(formatDiffValue(301, { 301: "301 Moved permanently" })).toBe("301 Moved permanently");
    expect(formatDiffValue("", { "": "No cover image" })).toBe("No cover image");
    expect(formatDiffValue(true)).toBe("Yes");
    expect(formatDiffValue("2025-10-07T08:30:00.000Z")).toBe("7 October 2025, 09:30 BST");
  });
});
