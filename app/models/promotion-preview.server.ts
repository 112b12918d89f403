import { AsyncLocalStorage } from "node:async_hooks";
import type { PromotionCollection } from "./promotions.server";

/**
 * A pending change to a financial promotion shown as the real public page (issue 42, decision 0027): while an
 * approver's preview renders, the public reads of that one collection answer with the pending values in place
 * of (or, for a new record, beside) the live record. Scoped to that render alone (AsyncLocalStorage): every
 * other request, the content cache and the page cache never see it, because it is applied to what the cache
 * answered, never stored in it.
 */
export interface PromotionPreview {
  collection: PromotionCollection;
  /** The live record the change replaces (null: a new record, or the hero). */
  recordId: number | null;
  /** The record as it would be once approved: the live one's fields with the pending values over them. */
  values: Record<string, unknown>;
  /** Where the preview's banner leads back to (the change's review page). */
  backTo?: string;
}

const scope = new AsyncLocalStorage<PromotionPreview>();

export function withPromotionPreview<T>(preview: PromotionPreview, render: () => Promise<T>): Promise<T> {
  return scope.run(preview, render);
}

/** The pending change this render shows, if any. */
export function promotionPreview(): PromotionPreview | null {
  return scope.getStore() ?? null;
}

function previewOf(collection: PromotionCollection): PromotionPreview | null {
  const preview = scope.getStore();
  return preview?.collection === collection ? preview : null;
}

/** The hero, with the pending hero's values over it. */
export function previewedSettings<T extends object>(collection: PromotionCollection, live: T): T {
  const preview = previewOf(collection);
  return preview ? ({ ...live, ...preview.values } as T) : live;
}

/** A list in display order (products, statistics), with the pending record in place of the live one, or added. */
export function previewedRows<T extends { id: number; displayOrder?: number }>(
  collection: PromotionCollection,
  rows: T[],
): T[] {
  const preview = previewOf(collection);
  if (!preview) return rows;
  const record = preview.values as unknown as T;
  const replaced = rows.some((row) => row.id === preview.recordId);
  const shown = replaced
    ? rows.map((row) => (row.id === preview.recordId ? record : row))
    : [...rows, record];
  return shown.sort((a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0) || a.id - b.id);
}

/** A post or role read by its address: the pending one at its (new) slug, else the live one (not at its old slug). */
export function previewedBySlug<T extends { id: number; slug: string }>(
  collection: PromotionCollection,
  slug: string,
  live: T | null,
): T | null {
  const preview = previewOf(collection);
  if (!preview) return live;
  if (preview.values.slug === slug) return preview.values as unknown as T;
  return live && live.id === preview.recordId ? null : live;
}
