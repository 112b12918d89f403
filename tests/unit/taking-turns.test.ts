import { describe, expect, it } from "vitest";
import { takingTurns } from "~/utils/taking-turns";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("takingTurns", () => {
  it("runs at most the limit at once, and the others in the order they asked", async () => {
    const run = takingTurns(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const done = gates.map((gate, i) =>
      run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    gates[3]!.resolve();
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it("gives the turn on when a task fails", async () => {
    const run = takingTurns(1);
    const failed = run(async () => {
      throw new Error("render failed");
    });
    const next = run(async () => "next");
    await expect(failed).rejects.toThrow("render failed");
    expect(await next).toBe("next");
    expect(await run(async () => "after")).toBe("after");
  });
});
