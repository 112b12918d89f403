import { describe, expect, it } from "vitest";
import { lastResort } from "~/server/http/last-resort.server";

describe("errors nothing else handled", () => {
  function harness() {
    const lines: string[] = [];
    const stops: string[] = [];
    const handlers = lastResort({ log: (line) => lines.push(line), stop: (reason) => stops.push(reason) });
    return { lines, stops, handlers };
  }

  it("an unhandled rejection is logged with its stack and the server keeps serving", () => {
    const { lines, stops, handlers } = harness();
    handlers.onRejection(new Error("Processed image is too large for the WebP format"));
    expect(stops).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("still serving");
    expect(lines[0]).toContain("Processed image is too large for the WebP format");
    expect(lines[0]).toMatch(/at .*last-resort\.test\.ts/);
  });

  it("a rejection with a value that is not an Error is still named", () => {
    const { lines, handlers } = harness();
    handlers.onRejection({ code: "57P01" });
    expect(lines[0]).toContain('{"code":"57P01"}');
  });

  it("an uncaught exception is logged and stops the server once, for its supervisor to restart", () => {
    const { lines, stops, handlers } = harness();
    handlers.onException(new TypeError("Cannot read properties of null (reading 'write')"));
    handlers.onException(new TypeError("a second one while stopping"));
    expect(stops).toEqual(["uncaught exception"]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("stopping for a restart");
    expect(lines[1]).toContain("a second one while stopping");
  });
});
