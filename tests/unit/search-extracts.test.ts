import { describe, expect, it } from "vitest";
import { readableText } from "~/server/site/search.server";
import { markdownToPlainText } from "~/server/site/markdown.server";
import { headline, wordsOf } from "~/utils/search-headline";

/** Issue 38, defect 7: search extracts that read well. */

function cut(text: string, prefixes: string[]): string {
  const lower = text.toLowerCase();
  return headline(text, wordsOf(text), (start) => prefixes.findIndex((prefix) => lower.startsWith(prefix, start)), {
    startMark: "[",
    endMark: "]",
    maxWords: 12,
    readable: true,
  });
}

describe("a section's text for search", () => {
  it("says each string once, and ends each heading as a sentence", () => {
    expect(readableText(["Portfolio Manager", "Portfolio Manager", "Our approach", "Portfolio Manager is a workspace.", "Our approach"])).toBe(
      "Portfolio Manager. Our approach. Portfolio Manager is a workspace.",
    );
  });

  it("ends a post's headings and list items with a full stop in its search excerpt only", () => {
    const source = "## Why it matters\n\n- Faster rebalancing\n- Clear fees\n\nText follows.";
    expect(markdownToPlainText(source, { sentences: true })).toBe("Why it matters. Faster rebalancing. Clear fees. Text follows.");
    expect(markdownToPlainText(source)).toBe("Why it matters Faster rebalancing Clear fees Text follows.");
  });
});

describe("a readable extract", () => {
  it("starts at its sentence's start when that is near, and says with an ellipsis that the text goes on", () => {
    const text =
      "Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu. The platform rebalances portfolios every day for advisers and their clients across the United Kingdom and beyond.";
    expect(cut(text, ["rebalanc"])).toBe("The platform [rebalances] portfolios every day for advisers and …");
  });

  it("starts with an ellipsis when it begins inside a long sentence", () => {
    const words = Array.from({ length: 30 }, (_, i) => `w${i}`).join(" ");
    const extract = cut(`${words} target ${words}.`, ["target"]);
    expect(extract.startsWith("… ")).toBe(true);
    expect(extract.endsWith(" …")).toBe(true);
  });

  it("ends with the sentence's full stop when the fragment reaches it", () => {
    expect(cut("Research notes explain our forecasts. More text after that one.", ["forecast"])).toBe(
      "Research notes explain our [forecasts]. More text after that one.",
    );
  });
});
