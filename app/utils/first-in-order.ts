/**
 * The first `count` items of `items` in `compare`'s order, as `[...items].sort(compare).slice(0, count)` gives
 * them (ties keep their input order), without sorting the rest: a page of results out of a thousand matches
 * costs about one comparison per match, not a full sort.
 */
export function firstInOrder<T>(items: readonly T[], count: number, compare: (a: T, b: T) => number): T[] {
  if (count <= 0) return [];
  if (count * 4 >= items.length) return [...items].sort(compare).slice(0, count);
  const kept: T[] = [];
  for (const item of items) {
    if (kept.length === count && compare(item, kept[count - 1]!) >= 0) continue;
    // After every kept item that is not after it (stable, like Array.prototype.sort).
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(item, kept[middle]!) < 0) high = middle;
      else low = middle + 1;
    }
    kept.splice(low, 0, item);
    if (kept.length > count) kept.pop();
  }
  return kept;
}
