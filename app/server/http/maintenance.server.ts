import { purgeExpiredPreviewLinks } from "~/models/preview-links.server";
import { purgeRateLimits } from "~/models/rate-limit.server";
import { purgeTrash } from "~/models/trash.server";

/** How often the server clears out rows that have expired. */
export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

/**
 * One round of housekeeping: expired rate-limit counters and preview links, and what has been in the trash
 * for 30 days. Every instance may run it; it only deletes.
 */
export async function runMaintenance(): Promise<{ rateLimits: number; previewLinks: number; trash: number }> {
  return { rateLimits: await purgeRateLimits(), previewLinks: await purgeExpiredPreviewLinks(), trash: await purgeTrash() };
}

/** Runs maintenance now and then every interval; returns the function that stops it. */
export function startMaintenance(log: (message: string) => void, intervalMs = MAINTENANCE_INTERVAL_MS): () => void {
  const round = () =>
    runMaintenance().catch((error: unknown) => log(`maintenance failed (will retry): ${(error as Error).message}`));
  void round();
  const timer = setInterval(() => void round(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
