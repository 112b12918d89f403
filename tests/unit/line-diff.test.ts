import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffLines, formatDiffValue, isLongText, type DiffRow } from "~/utils/line-diff";

const lines = (rows: DiffRow[], kinds: DiffRow["kind"][]) => rows.filter((row) => kinds.includes(row.kind)).map((row) => row.text);
const join = (texts: string[]) => texts.join("\n");

describe("a line diff", () => {
  it("marks the lines removed and added between unchanged ones", () => {
    expect(diffLines("one\ntwo\nthree", "one\n2\nthree")).toEqual([
      { kind: "same", text: "one" },
      { kind: "removed", text: "two" },
      { kind: "added", text: "2" },
      { kind: "same", text: "three" },
    ]);
  });

  it("finds the lines kept when others are inserted and deleted around them", () => {
    const rows = diffLines("a\nb\nc\nd\ne", "a\nx\nc\nd\ny\ne\nz");
    expect(lines(rows, ["same"])).toEqual(["a", "c", "d", "e"]);
    expect(lines(rows, ["removed"])).toEqual(["b"]);
    expect(lines(rows, ["added"])).toEqual(["x", "y", "z"]);
  });

  it("shows everything added when there was nothing, and everything removed when it is emptied", () => {
    expect(diffLines("", "new\ntext")).toEqual([
      { kind: "added", text: "new" },
      { kind: "added", text: "text" },
    ]);
    expect(diffLines("old", "")).toEqual([{ kind: "removed", text: "old" }]);
    expect(diffLines("", "")).toEqual([]);
  });

  it("treats Windows and Unix line ends alike", () => {
    expect(diffLines("a\r\nb", "a\nb")).toEqual([
      { kind: "same", text: "a" },
      { kind: "same", text: "b" },
    ]);
  });

  it("is a true diff for any two texts: the old text is same+removed, the new one same+added, in order", () => {
    const text = fc.array(fc.constantFrom("a", "b", "c", "d", ""), { maxLength: 25 }).map(join);
    fc.assert(
      fc.property(text, text, (before, after) => {
        const rows = diffLines(before, after);
        expect(join(lines(rows, ["same", "removed"]))).toBe(before);
        expect(join(lines(rows, ["same", "added"]))).toBe(after);
      }),
    );
  });

  it("is as short as possible: as many unchanged lines as the longest common subsequence", () => {
    const lcs = (a: string[], b: string[]) => {
      const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
      for (let i = a.length - 1; i >= 0; i -= 1)
        for (let j = b.length - 1; j >= 0; j -= 1)
          table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
      return table[0]![0]!;
    };
    const list = fc.array(fc.constantFrom("a", "b", "c"), { minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(list, list, (a, b) => {
        expect(lines(diffLines(join(a), join(b)), ["same"]).length).toBe(lcs(a, b));
      }),
    );
  });

  it("stays correct (if not minimal) for texts that differ everywhere", () => {
    const before = Array.from({ length: 1500 }, (_, i) => `old ${i}`);
    const after = Array.from({ length: 1500 }, (_, i) => `new ${i}`);
    const rows = diffLines(join(["top", ...before, "bottom"]), join(["top", ...after, "bottom"]));
    expect(rows[0]).toEqual({ kind: "same", text: "top" });
    expect(rows.at(-1)).toEqual({ kind: "same", text: "bottom" });
    expect(lines(rows, ["removed"])).toEqual(before);
    expect(lines(rows, ["added"])).toEqual(after);
  });
});

describe("long text", () => {
  it("is text with a line break or longer than 120 characters", () => {
    expect(isLongText("short")).toBe(false);
    expect(isLongText("x".repeat(120))).toBe(false);
    expect(isLongText("x".repeat(121))).toBe(true);
    expect(isLongText("two\nlines")).toBe(true);
  });
});

describe("a value in a difference", () => {
  it("says (empty) for nothing, Yes/No for booleans, and one list item a line", () => {
    expect(formatDiffValue(null)).toBe("(empty)");
    expect(formatDiffValue(undefined)).toBe("(empty)");
    expect(formatDiffValue("")).toBe("(empty)");
    expect(formatDiffValue([])).toBe("(empty)");
    expect(formatDiffValue(true)).toBe("Yes");
    expect(formatDiffValue(false)).toBe("No");
    expect(formatDiffValue(["https://a.example", "https://b.example"])).toBe("https://a.example\nhttps://b.example");
    expect(formatDiffValue(3)).toBe("3");
    expect(formatDiffValue("Plain words")).toBe("Plain words");
  });

  it("shows a kept timestamp as a London date and time", () => {
    expect(formatDiffValue("2026-07-01T08:30:00.000Z")).toBe("1 July 2026, 09:30 BST");
    expect(formatDiffValue("2026-12-01T09:30:00Z")).toBe("1 December 2026, 09:30 GMT");
    // A date alone, or text that only looks like a time, is left as it is.
    expect(formatDiffValue("2026-12-01")).toBe("2026-12-01");
    expect(formatDiffValue("2026-13-45T99:99:00Z")).toBe("2026-13-45T99:99:00Z");
  });
});
