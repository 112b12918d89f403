import { describe, expect, it } from "vitest";
import { formatLondonDate, formatLondonDateTime, fromLondonLocal, londonIsoDate, toLondonLocal } from "~/utils/london-time";

describe("times an operator types are London time", () => {
  it("reads a winter time as GMT and a summer time as BST", () => {
    expect(fromLondonLocal("2026-12-01T09:30")?.toISOString()).toBe("2026-12-01T09:30:00.000Z");
    expect(fromLondonLocal("2026-07-01T09:30")?.toISOString()).toBe("2026-07-01T08:30:00.000Z");
  });

  it("shows a stored time back in the field as it was typed, either side of a clock change", () => {
    for (const typed of ["2026-03-28T23:15", "2026-03-29T03:00", "2026-10-24T12:00", "2026-10-26T00:30"]) {
      expect(toLondonLocal(fromLondonLocal(typed)!)).toBe(typed);
    }
  });

  it("refuses what is not a date and time", () => {
    for (const typed of ["", "tomorrow", "2026-02-30T10:00", "2026-12-01T24:00", "2026-12-01 09:30", "2026-12-01T09:60"]) {
      expect(fromLondonLocal(typed)).toBeNull();
    }
  });

  it("writes dates and times the way the site shows them", () => {
    expect(formatLondonDateTime(new Date("2026-07-01T08:30:00Z"))).toBe("1 July 2026, 09:30 BST");
    expect(formatLondonDateTime("2026-12-01T09:30:00Z")).toBe("1 December 2026, 09:30 GMT");
    expect(formatLondonDate("2025-10-07T12:00:00Z")).toBe("7 October 2025");
    // 23:30 UTC on 30 June is already 1 July in London.
    expect(londonIsoDate(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
  });
});
