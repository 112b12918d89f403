/**
 * Which failures are the database's, not the request's: it cannot be reached, it is hung past a deadline,
 * it is out of space or memory, or it is shutting down. Those are answered 503 with Retry-After (the
 * visitor may try again, and nothing was stored), never 500. The last time the database said its disk was
 * full is remembered, so readiness can report it.
 */

/** SQLSTATE classes and codes that mean "the database cannot do this now". */
const UNAVAILABLE_CLASSES = ["08", "53", "58", "57P"];
const UNAVAILABLE_CODES = new Set([
  "57014" /* query_canceled: statement_timeout */,
  "40001" /* serialization_failure */,
  "40P01" /* deadlock_detected */,
]);
/** postgres.js's own and the socket's codes when the connection could not be made or was lost. */
const CONNECTION_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "CONNECTION_ENDED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOENT",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
]);
/**
 * The connection a query was sent on went away under it (the backend was terminated, the server
 * restarted, the socket was reset): a fresh connection may well answer. Not a refusal to connect, which
 * a second try at once would only repeat.
 */
const CONNECTION_LOST_CODES = new Set([
  "57P01" /* admin_shutdown */,
  "57P02" /* crash_shutdown */,
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "ECONNRESET",
  "EPIPE",
]);
const DISK_FULL = /no space left on device|disk_full|could not extend file|could not write to file/i;

/** A request that waited longer than its deadline for the database. */
export class DatabaseDeadlineError extends Error {
  constructor(ms: number) {
    super(`The database did not answer within ${ms} ms`);
    this.name = "DatabaseDeadlineError";
  }
}

let lastDiskFullAt = 0;

function* causes(error: unknown): Generator<Record<string, unknown>> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth += 1) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

export function isDiskFull(error: unknown): boolean {
  for (const cause of causes(error)) {
    if (cause.code === "53100" || DISK_FULL.test(String(cause.message ?? ""))) return true;
  }
  return false;
}

/** Whether this error is the database's (see the module comment); a disk-full one is remembered. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isDiskFull(error)) {
    lastDiskFullAt = Date.now();
    return true;
  }
  for (const cause of causes(error)) {
    if (cause instanceof DatabaseDeadlineError) return true;
    const code = typeof cause.code === "string" ? cause.code : "";
    if (CONNECTION_CODES.has(code) || UNAVAILABLE_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_CLASSES.some((prefix) => code.startsWith(prefix)))
      return true;
  }
  return false;
}

/** Whether the query failed because its connection was lost (see CONNECTION_LOST_CODES). */
export function isConnectionLost(error: unknown): boolean {
  for (const cause of causes(error)) {
    if (typeof cause.code === "string" && CONNECTION_LOST_CODES.has(cause.code)) return true;
  }
  return false;
}

/** When the database last refused a write for want of space (0: never since start). */
export function lastDiskFull(): number {
  return lastDiskFullAt;
}

/** One line for the log: the database's own words (a query wrapper's message repeats the whole SQL). */
export function describeDatabaseError(error: unknown): string {
  let last: Record<string, unknown> | undefined;
  for (const cause of causes(error)) last = cause;
  const code = typeof last?.code === "string" ? `${last.code}: ` : "";
  return `${code}${String(last?.message ?? error)}`.split("\n")[0]!;
}
