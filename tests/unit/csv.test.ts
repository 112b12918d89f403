import { describe, expect, it } from "vitest";
import { csvCell, neutraliseFormulas, toCsv } from "~/utils/csv";

describe("CSV (RFC 4180) with spreadsheet formula neutralising", () => {
  it("quotes every cell, writes empty cells for null and undefined, and numbers and dates as they are", () => {
    expect(csvCell("Ada Lovelace")).toBe('"Ada Lovelace"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(new Date("2025-10-07T09:30:00Z"))).toBe('"2025-10-07T09:30:00.000Z"');
  });

  it("doubles quotes and keeps commas and line breaks inside the quotes", () => {
    expect(csvCell("a b")).toBe('"a b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });

  it.each([
    ["=1+1", "'=1+1"],
    ["+44 20 7946 0000", "'+44 20 7946 0000"],
    ["-2", "'-2"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\tTAB", "'\tTAB"],
    ["\r=1", "'\r'=1"],
  ])("neutralises a formula at the start: %j as %j", (input, expected) => {
    expect(neutraliseFormulas(input)).toBe(expected);
  });

  it.each([
    // Continental spreadsheets split on ";": each part would be a cell of its own.
    ["x;=1+1;@SUM(1)", "x;'=1+1;'@SUM(1)"],
    ["a,=cmd|' /C calc'!A0", "a,'=cmd|' /C calc'!A0"],
    ["first line\n=2*3", "first line\n'=2*3"],
    ["tab\t+1", "tab\t'+1"],
    ["pipe|-1", "pipe|'-1"],
  ])("neutralises a formula after a separator: %j as %j", (input, expected) => {
    expect(neutraliseFormulas(input)).toBe(expected);
  });

  it("leaves text where no formula can start", () => {
    expect(neutraliseFormulas("a=b")).toBe("a=b");
    expect(neutraliseFormulas("e-mail")).toBe("e-mail");
    expect(neutraliseFormulas("well - known, really")).toBe("well - known, really");
  });

  it("joins rows with CRLF and ends with one", () => {
    expect(toCsv(["Name", "Note"], [["Ada", "x,y"], ["=Bob", null]])).toBe('"Name","Note"\r\n"Ada","x,y"\r\n"\'=Bob",""\r\n');
  });
});
