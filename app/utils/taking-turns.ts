/**
 * At most `limit` holders at once; the others wait in the order they asked. `run` resolves with the task's
 * value once it has had its turn and finished.
 */
export function takingTurns(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      if (waiting.length > 0) waiting.shift()!();
      else running--;
    }
  };
}
