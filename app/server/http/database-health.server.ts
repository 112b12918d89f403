import { monitorEventLoopDelay, type ELDHistogram } from "node:perf_hooks";
import { isDatabaseUnavailable, lastDiskFull } from "~db/errors.server";
import {
  freeBytes,
  megabytes,
  MIN_FREE_BYTES,
  type EmbeddedDatabase,
} from "~db/embedded-database.server";
import type { DatabaseHandle } from "~db/client.server";

/**
 * What the server knows about its database's health, for `/readyz`, for turning a failed render into 503
 * and for the admin dashboard's storage warning. Set once at start.
 */

/** Readiness stays off this long after the database last refused a write for want of space. */
const DISK_FULL_MEMORY_MS = 60_000;
/** The dashboard warns while free space is under this many times what the store needs. */
const WARNING_FACTOR = 4;

interface Health {
  handle: DatabaseHandle;
  embedded: Pick<EmbeddedDatabase, "isUp"> | undefined;
  dataDir: string;
  /** Free bytes where the store is (a test can stand in for the file system). */
  freeSpace?: (folder: string) => number;
}

let health: Health | undefined;
const failedRequests = new WeakSet<Request>();

export function setDatabaseHealth(value: Health | undefined): void {
  health = value;
}

/** Records that a request failed because of its database (called from Remix's handleError); says whether it did. */
export function noteRequestError(request: Request, error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  failedRequests.add(request);
  return true;
}

export function failedOnDatabase(request: Request): boolean {
  return failedRequests.has(request);
}

export interface StorageStatus {
  freeBytes: number;
  neededBytes: number;
  /** Under the headroom: writes will fail (or already do). */
  critical: boolean;
  /** Getting close: the dashboard warns. */
  low: boolean;
}

/** The embedded store's free space (null when the database is a PostgreSQL server elsewhere). */
export function storageStatus(): StorageStatus | null {
  if (!health?.embedded) return null;
  const free = (health.freeSpace ?? freeBytes)(health.dataDir);
  return {
    freeBytes: free,
    neededBytes: MIN_FREE_BYTES,
    critical: free < MIN_FREE_BYTES,
    low: free < MIN_FREE_BYTES * WARNING_FACTOR,
  };
}

/** Ready when the database answers within the deadline and a write would not fail for want of space. */
export async function readiness(
  timeoutMs: number,
): Promise<{ ready: true } | { ready: false; reason: string }> {
  if (!health) return { ready: false, reason: "starting" };
  if (health.embedded && !health.embedded.isUp())
    return { ready: false, reason: "the database is restarting" };
  const storage = storageStatus();
  if (storage?.critical) {
    return {
      ready: false,
      reason: `low disk space: ${megabytes(storage.freeBytes)} MB free, ${megabytes(storage.neededBytes)} MB needed`,
    };
  }
  if (Date.now() - lastDiskFull() < DISK_FULL_MEMORY_MS)
    return { ready: false, reason: "the database refused a write: disk full" };
  try {
    await withTimeout(health.handle.ping(), timeoutMs);
    return { ready: true };
  } catch {
    return { ready: false, reason: "database unavailable" };
  }
}

/** The event loop's delay is measured over windows of this length. */
const LOOP_WINDOW_MS = 10_000;
/** A p99 delay over this is logged: every request on this thread waited that long. */
export const LOOP_DELAY_LOG_MS = 500;

let loopDelay: { histogram: ELDHistogram; previousP99Ms: number } | undefined;

/**
 * Measures this thread's event-loop delay (perf_hooks), reported by `/readyz` and logged when a window's
 * p99 passes LOOP_DELAY_LOG_MS. It is the HTTP thread's own health, told apart from the database's: a
 * blocked loop delays every answer, database or not, and the database's watchdog discounts it.
 */
export function watchEventLoop(log: (message: string) => void): () => void {
  const histogram = monitorEventLoopDelay({ resolution: 20 });
  histogram.enable();
  const state = { histogram, previousP99Ms: 0 };
  loopDelay = state;
  const timer = setInterval(() => {
    const p99 = Math.round(histogram.percentile(99) / 1e6);
    const max = Math.round(histogram.max / 1e6);
    state.previousP99Ms = p99;
    histogram.reset();
    if (p99 > LOOP_DELAY_LOG_MS) {
      log(
        `the event loop was blocked: delay p99 ${p99} ms, max ${max} ms over the last ${LOOP_WINDOW_MS / 1000} s (every answer waited; not the database)`,
      );
    }
  }, LOOP_WINDOW_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    histogram.disable();
    if (loopDelay === state) loopDelay = undefined;
  };
}

/** The event loop's delay p99 in ms: the worse of the current window and the last complete one. */
export function eventLoopDelayP99Ms(): number {
  if (!loopDelay) return 0;
  const current = loopDelay.histogram.count > 0 ? Math.round(loopDelay.histogram.percentile(99) / 1e6) : 0;
  return Math.max(current, loopDelay.previousP99Ms);
}

export function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  error: () => Error = () => new Error("timeout"),
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(error()), ms);
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}
