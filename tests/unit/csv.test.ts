import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "~/utils/csv";

describe("CSV (RFC 4180) with spreadsheet formula neutralising", () => {
  it("leaves plain text alone and writes empty cells for null and undefined", () => {
    expect(csvCell("Ada Lovelace")).toBe("Ada Lovelace");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(new Date("2025-10-07T09:30:00Z"))).toBe("2025-10-07T09:30:00.000Z");
  });

  it("quotes cells with a comma, a quote, CR or LF, doubling the quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("two\r\nlines")).toBe('"two\r\nlines"');
  });

  it.each([
    ["=1+1", "'=1+1"],
    ["+44 20 7946 0000", "'+44 20 7946 0000"],
    ["-2", "'-2"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\tTAB", "'\tTAB"],
  ])("neutralises %j as %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it("neutralises and quotes together, and a cell starting with CR", () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
  });

  it("only looks at the first character", () => {
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("e-mail")).toBe("e-mail");
  });

  it("joins rows with CRLF and ends with one", () => {
    expect(toCsv(["Name", "Note"], [["Ada", "x,y"], ["=Bob", null]])).toBe('Name,Note\r\nAda,"x,y"\r\n\'=Bob,\r\n');
  });
});
