import { flushNotFoundLog, flushRedirectHits } from "~/models/redirects.server";

/** How often redirect hits and missing addresses counted in memory are written. */
export const TRAFFIC_FLUSH_INTERVAL_MS = 5_000;

/** Writes what was counted since the last round; a failure is logged and the next round tries again. */
export async function flushTrafficCounts(log: (message: string) => void): Promise<void> {
  const results = await Promise.allSettled([flushRedirectHits(), flushNotFoundLog()]);
  for (const result of results) {
    if (result.status === "rejected") log(`traffic counts not written (will retry): ${(result.reason as Error).message}`);
  }
}

/**
 * Flushes the counts every interval; returns the function that stops it, which flushes once more so that
 * a graceful shutdown loses no hits.
 */
export function startTrafficCounts(log: (message: string) => void, intervalMs = TRAFFIC_FLUSH_INTERVAL_MS): () => Promise<void> {
  let running: Promise<void> | null = null;
  const round = () => {
    running ??= flushTrafficCounts(log).finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => void round(), intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
    await round();
  };
}
