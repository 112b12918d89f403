import { describe, expect, it } from "vitest";
import { rememberLast } from "~/utils/remember-last";

describe("rememberLast", () => {
  it("derives a text once while it is among the last ones asked, and again once it has made room", () => {
    const derived: string[] = [];
    const length = rememberLast(2, (text) => {
      derived.push(text);
      return text.length;
    });
    expect([length("policy v1"), length("policy v1"), length("terms")]).toEqual([9, 9, 5]);
    expect(derived).toEqual(["policy v1", "terms"]);
    length("cookies"); // the third text: the oldest, "policy v1", makes room
    expect(length("terms")).toBe(5);
    expect(length("policy v1")).toBe(9);
    expect(derived).toEqual(["policy v1", "terms", "cookies", "policy v1"]);
  });
});
