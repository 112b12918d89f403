import { describe, expect, it } from "vitest";
import { firstInOrder } from "~/utils/first-in-order";

describe("firstInOrder", () => {
  it("gives the same first items as a full sort, ties in input order, for any count", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 200; round++) {
      const items = Array.from({ length: Math.floor(random() * 300) }, (_, id) => ({
        id,
        rank: Math.floor(random() * 20),
      }));
      const byRank = (a: { rank: number }, b: { rank: number }) => b.rank - a.rank;
      for (const count of [0, 1, 5, 25, 80, 400]) {
        expect(firstInOrder(items, count, byRank)).toEqual([...items].sort(byRank).slice(0, count));
      }
    }
  });
});
