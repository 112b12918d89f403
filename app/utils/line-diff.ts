import { formatLondonDateTime } from "~/utils/london-time";

/** One line of a line diff: in both texts, only in the new one, or only in the old one. */
export interface DiffRow {
  kind: "same" | "added" | "removed";
  text: string;
}

/**
 * Beyond this many differing lines the shortest diff is not looked for (its cost grows with the square of
 * the differences): the changed middle is shown as removed, then added, which is still a true diff.
 */
const MAX_EDIT_DISTANCE = 1000;

function splitLines(text: string): string[] {
  return text === "" ? [] : text.split(/\r\n|\r|\n/);
}

/** The lines of `before` and `after` compared, in order: unchanged, removed and added lines. */
export function diffLines(before: string, after: string): DiffRow[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const middleA = a.slice(start, endA);
  const middleB = b.slice(start, endB);
  const middle = shortestEdit(middleA, middleB) ?? [
    ...middleA.map((text): DiffRow => ({ kind: "removed", text })),
    ...middleB.map((text): DiffRow => ({ kind: "added", text })),
  ];
  return [
    ...a.slice(0, start).map((text): DiffRow => ({ kind: "same", text })),
    ...middle,
    ...a.slice(endA).map((text): DiffRow => ({ kind: "same", text })),
  ];
}

/**
 * Myers' O((N+M)·D) shortest edit script: for each number of edits d, the furthest point reached on each
 * diagonal k = x − y. The frontier before each round is kept (only diagonals −d−1..d+1, so memory grows
 * with d², not with the texts) to walk back from the end. Null when more than MAX_EDIT_DISTANCE edits.
 */
function shortestEdit(a: string[], b: string[]): DiffRow[] | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const frontier = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d += 1) {
    trace.push(frontier.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && frontier[offset + k - 1]! < frontier[offset + k + 1]!);
      let x = down ? frontier[offset + k + 1]! : frontier[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      frontier[offset + k] = x;
      if (x >= n && y >= m) return walkBack(a, b, trace);
    }
  }
  return null;
}

function walkBack(a: string[], b: string[], trace: Int32Array[]): DiffRow[] {
  const rows: DiffRow[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d -= 1) {
    const before = trace[d]!;
    // trace[d] holds diagonals −d−1..d+1.
    const at = (k: number) => before[k + d + 1]!;
    const k = x - y;
    const previousK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      x -= 1;
      y -= 1;
      rows.push({ kind: "same", text: a[x]! });
    }
    if (d > 0) {
      if (x === previousX) rows.push({ kind: "added", text: b[y - 1]! });
      else rows.push({ kind: "removed", text: a[x - 1]! });
    }
    x = previousX;
    y = previousY;
  }
  return rows.reverse();
}

/** Long text (a body, a description) is compared line by line rather than shown whole twice. */
export function isLongText(text: string): boolean {
  return text.includes("\n") || text.length > 120;
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** A kept value as a difference shows it: "(empty)", Yes/No, one list item a line, London times. */
export function formatDiffValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.length === 0 ? "(empty)" : value.map((item) => formatDiffValue(item)).join("\n");
  if (typeof value === "string") return ISO_TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value)) ? formatLondonDateTime(value) : value;
  if (typeof value === "object") return JSON.stringify(value, null, 2);
  return String(value);
}
