/**
 * The public content cache: models read hero, statistics, products, menus and settings through it, so a
 * warm cache answers a public page without a database query. Every write calls contentChanged(), which
 * empties it here and, through the notifier, on every other instance.
 */

type Listener = () => void;

const entries = new Map<string, Promise<unknown>>();
/** The values of entries that have loaded, for readers that cannot wait (the edge). */
const settled = new Map<string, unknown>();
const listeners = new Set<Listener>();
/** Announces a change to other instances (PostgreSQL NOTIFY); set at start. */
let announce: ((origin: string) => Promise<void>) | undefined;

/**
 * The cached value, loading it once however many ask at the same time. A change empties the map, so a
 * load that was in flight then is not kept: its callers get what they asked for, later readers load anew.
 */
export function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = entries.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  const pending = load().then(
    (value) => {
      if (entries.get(key) === pending) settled.set(key, value);
      return value;
    },
    (error: unknown) => {
      // A failed read is not remembered.
      if (entries.get(key) === pending) entries.delete(key);
      throw error;
    },
  );
  entries.set(key, pending);
  return pending;
}

/** The cached value if it has loaded, else undefined (nothing is loaded). */
export function cachedNow<T>(key: string): T | undefined {
  return settled.get(key) as T | undefined;
}

/** Empties the cache on this instance and tells the listeners (the page cache). */
export function clearContentCache(): void {
  entries.clear();
  settled.clear();
  changes += 1;
  for (const listener of listeners) listener();
}
let changes = 0;

/**
 * How many times the content has changed on this instance: a cache that stores what a render made keeps it
 * only when this has not moved since the render began (it would hold content older than the change).
 */
export function contentChanges(): number {
  return changes;
}

/** Call after every committed write to public content. */
export async function contentChanged(): Promise<void> {
  clearContentCache();
  await announce?.("write").catch(() => {
    // Other instances fall back to their own expiry; this one is already correct.
  });
}

export function onContentChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setContentChangeAnnouncer(announcer: typeof announce): void {
  announce = announcer;
}

/** setTimeout's longest delay; a later time is reached by waking early and asking again. */
const MAX_TIMER_DELAY = 2_147_483_647;
let expiry: { at: number; timer: NodeJS.Timeout } | undefined;

/**
 * Empties the cache on this instance at `at` (a scheduled post's publication time, a role's closing
 * time), so what the reads select changes by itself, with no write and no job. Every instance reads the
 * same times, so each expires its own cache; the earliest time asked for wins.
 */
export function expireContentAt(at: Date, clock: () => number = Date.now): void {
  const time = at.getTime();
  if (!Number.isFinite(time)) return;
  if (expiry && expiry.at <= time) return;
  if (expiry) clearTimeout(expiry.timer);
  const delay = Math.min(Math.max(time - clock(), 0), MAX_TIMER_DELAY);
  const timer = setTimeout(() => {
    expiry = undefined;
    clearContentCache();
  }, delay);
  timer.unref();
  expiry = { at: time, timer };
}
