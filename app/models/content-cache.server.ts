/**
 * The public content cache: models read hero, statistics, products, menus and settings through it, so a
 * warm cache answers a public page without a database query. Every write calls contentChanged(), which
 * empties it here and, through the notifier, on every other instance.
 */

type Listener = () => void;

interface CacheState {
  entries: Map<string, Promise<unknown>>;
  listeners: Set<Listener>;
  /** Announces a change to other instances (PostgreSQL NOTIFY); set at start. */
  announce: ((origin: string) => Promise<void>) | undefined;
  generation: number;
}

const KEY = Symbol.for("kestrel.contentCache");
function state(): CacheState {
  const holder = globalThis as { [KEY]?: CacheState };
  return (holder[KEY] ??= { entries: new Map(), listeners: new Set(), announce: undefined, generation: 0 });
}

export function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const { entries } = state();
  const hit = entries.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  const generation = state().generation;
  const pending = load().catch((error: unknown) => {
    // A failed read is not remembered.
    if (entries.get(key) === pending) entries.delete(key);
    throw error;
  });
  // A read that started before a change must not repopulate the cache with old data.
  if (generation === state().generation) entries.set(key, pending);
  return pending;
}

/** Empties the cache on this instance and tells the listeners (the page cache). */
export function clearContentCache(): void {
  const s = state();
  s.generation += 1;
  s.entries.clear();
  for (const listener of s.listeners) listener();
}

/** Call after every committed write to public content. */
export async function contentChanged(): Promise<void> {
  clearContentCache();
  await state().announce?.("write").catch(() => {
    // Other instances fall back to their own expiry; this one is already correct.
  });
}

export function onContentChange(listener: Listener): () => void {
  state().listeners.add(listener);
  return () => state().listeners.delete(listener);
}

export function setContentChangeAnnouncer(announce: CacheState["announce"]): void {
  state().announce = announce;
}
