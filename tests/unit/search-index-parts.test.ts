import { describe, expect, it } from "vitest";
import { headline, wordsOf, type HeadlineOptions } from "~/utils/search-headline";
import { lengthDivisor, wordScore } from "~/utils/search-scoring";

/** How a search result's extract is cut and how a word ranks: what a visitor sees under each result. */

const marks = { startMark: "[", endMark: "]" };
/** The extract of `text` with the words that start with one of `prefixes` marked. */
function cut(text: string, prefixes: string[], options: Partial<HeadlineOptions> = {}): string {
  const lower = text.toLowerCase();
  return headline(text, wordsOf(text), (start) => prefixes.findIndex((prefix) => lower.startsWith(prefix, start)), { ...marks, ...options });
}
const wordCount = (text: string) => wordsOf(text).starts.length;

describe("an extract", () => {
  it("marks the matched words and keeps the text's punctuation between them", () => {
    expect(cut("Risk, return and forecasting.", ["forecast"])).toBe("Risk, return and [forecasting]");
  });

  it("is the text's first words when nothing matches", () => {
    const text = Array.from({ length: 40 }, (_, i) => `w${i}`).join(" ");
    expect(cut(text, ["zzz"], { minWords: 14 })).toBe(Array.from({ length: 14 }, (_, i) => `w${i}`).join(" "));
  });

  it("is at most two runs of 32 words around the matches, far apart ones joined by an ellipsis", () => {
    const filler = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(" ");
    const text = `${filler(100, "a")} alpha ${filler(100, "b")} omega ${filler(100, "c")}`;
    const extract = cut(text, ["alpha", "omega"]);
    const [first, second, ...rest] = extract.split(" … ");
    expect(rest).toEqual([]);
    expect(first).toContain("[alpha]");
    expect(second).toContain("[omega]");
    expect(wordCount(first!)).toBeLessThanOrEqual(32);
    expect(wordCount(second!)).toBeLessThanOrEqual(32);
  });

  it("prefers the run that holds every word of the query over one with more of a single word", () => {
    const text = "risk risk risk risk then a long gap of words before the place where risk and return meet";
    const extract = cut(text, ["risk", "return"], { maxWords: 6, maxFragments: 1 });
    expect(extract).toContain("[risk] and [return]");
  });
});

describe("a word's score", () => {
  it("counts a title word above a body word, and more occurrences more, with diminishing returns", () => {
    expect(wordScore("A")).toBeGreaterThan(wordScore("C"));
    expect(wordScore("CC")).toBeGreaterThan(wordScore("C"));
    expect(wordScore("CCCCCCCC") - wordScore("CCCCCCC")).toBeLessThan(wordScore("CC") - wordScore("C"));
  });

  it("is divided by more for a longer document", () => {
    expect(lengthDivisor(1000)).toBeGreaterThan(lengthDivisor(10));
    expect(lengthDivisor(0)).toBe(1);
  });
});
