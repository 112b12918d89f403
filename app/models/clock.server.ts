import { clearContentCache } from "./content-cache.server";

/**
 * The time publishing reads compare with (a post is live once its publication time has passed). One
 * function, so tests can move time forward instead of waiting for it.
 */
let current: () => Date = () => new Date();

export function now(): Date {
  return current();
}

/** Tests only: read the time from `clock` (or the real clock again), and forget what was read before. */
export function setClock(clock: (() => Date) | null): void {
  current = clock ?? (() => new Date());
  clearContentCache();
}
