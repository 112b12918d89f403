import { sql } from "drizzle-orm";
import { getDatabase } from "../../db/client.server";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets; for Retry-After. */
  retryAfter: number;
  remaining: number;
}

/**
 * A fixed-window counter kept in the database, so every instance shares it. One statement: the row for
 * the key is created, reset when its window has passed, or incremented.
 */
export async function hitRateLimit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult> {
  const rows = await getDatabase().rows<{ hits: number; window_start: Date | string }>(sql`
    insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning hits, window_start`);
  const row = rows[0]!;
  const started = new Date(row.window_start).getTime();
  const retryAfter = Math.max(1, Math.ceil((started + windowSeconds * 1000 - Date.now()) / 1000));
  const hits = Number(row.hits);
  return { allowed: hits <= max, retryAfter, remaining: Math.max(0, max - hits) };
}

/** Drops counters whose window ended long ago. */
export async function purgeRateLimits(olderThanSeconds = 86_400): Promise<void> {
  await getDatabase().rows(
    sql`delete from rate_limits where window_start < now() - make_interval(secs => ${olderThanSeconds}) returning key`,
  );
}
