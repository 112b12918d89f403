/** A list page from `?page=`: a whole number from 1; anything else (missing, 0, "abc") is page 1. */
export function requestedPage(search: URLSearchParams): number {
  const raw = search.get("page");
  if (raw === null || !/^\d{1,9}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/** `path` on `page`: page 1 is the bare path, so the first page has one address. */
export function withPage(path: string, page: number): string {
  return page > 1 ? `${path}${path.includes("?") ? "&" : "?"}page=${page}` : path;
}

export interface PageOf<T> {
  items: T[];
  total: number;
  /** The page shown: the one asked for, or the last when it asked past the end (after deletions). */
  page: number;
  pageCount: number;
}

/** Which page to show and from which row, for `total` rows in pages of `size`. */
export function pageWindow(total: number, requested: number, size: number) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { page, pageCount, offset: (page - 1) * size, limit: size };
}
