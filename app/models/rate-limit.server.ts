import net from "node:net";
import { sql } from "drizzle-orm";
import { getConfig } from "~/server/config.server";
import { getDb, rows } from "~db/client.server";

/**
 * Rate limits: fixed-window counters kept in the database, so every instance shares them, keyed by
 * scope and client. The limits of each scope are configuration (env); expired counters are purged by
 * the server's maintenance timer.
 */

export type RateLimitScope = "contact" | "signIn" | "adminWrite" | "consent";

export const RATE_LIMIT_MESSAGE = "Too many requests. Please wait a few minutes and try again.";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets; for Retry-After. */
  retryAfter: number;
  remaining: number;
}

/** Counts one request from this client (an IPv6 client by its /64) against a scope's configured limit. */
export function checkRateLimit(scope: RateLimitScope, clientAddress: string): Promise<RateLimitResult> {
  const { max, windowSeconds } = getConfig().rateLimits[scope];
  return hitRateLimit(`${scope}:${rateLimitSubject(clientAddress)}`, max, windowSeconds);
}

/**
 * One statement: the row for the key is created, reset when its window has passed, or incremented.
 */
export async function hitRateLimit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult> {
  const [row] = await rows<{ hits: number; window_start: Date | string }>(
    getDb(),
    sql`
    insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning hits, window_start`,
  );
  const started = new Date(row!.window_start).getTime();
  const retryAfter = Math.max(1, Math.ceil((started + windowSeconds * 1000 - Date.now()) / 1000));
  const hits = Number(row!.hits);
  return { allowed: hits <= max, retryAfter, remaining: Math.max(0, max - hits) };
}

/** Deletes counters whose window ended: older than the longest configured window. Returns how many. */
export async function purgeRateLimits(): Promise<number> {
  const { rateLimits } = getConfig();
  const longest = Math.max(...Object.values(rateLimits).map((limit) => limit.windowSeconds));
  const deleted = await rows(
    getDb(),
    sql`delete from rate_limits where window_start < now() - make_interval(secs => ${longest}) returning key`,
  );
  return deleted.length;
}

/**
 * Who a rate limit counts: an IPv4 address as it is, and an IPv6 address by its /64 network, since one
 * home or office connection is given a whole /64 and could otherwise take a fresh address (and a fresh
 * allowance) for every request. IPv4 mapped into IPv6 counts as the IPv4 address.
 */
export function rateLimitSubject(address: string): string {
  const plain = address.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(plain);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(plain)) return plain;
  return `${expandIpv6(plain).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros. */
function expandIpv6(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part is two groups.
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((group) => Number.parseInt(group, 16).toString(16));
}
