import { formatLongDateTime } from "~/utils/dates";

/** One line of a line diff: in both texts, only in the new one, or only in the old one. */
export interface DiffRow {
  kind: "same" | "added" | "removed";
  text: string;
}

/** A run of words (and the spaces between them) in both texts, only in the new one, or only in the old one. */
export interface WordSegment {
  kind: "same" | "added" | "removed";
  text: string;
}

/**
 * A line diff as history shows it: unchanged, removed and added lines, and a line edited in place (a run of
 * removed lines followed by as many added ones, paired in order) as one line of word segments.
 */
export type ShownDiffRow = DiffRow | { kind: "changed"; segments: WordSegment[] };

/**
 * Beyond this many differing lines the shortest diff is not looked for (its cost grows with the square of
 * the differences): the changed middle is shown as removed, then added, which is still a true diff.
 */
const MAX_EDIT_DISTANCE = 1000;

function splitLines(text: string): string[] {
  return text === "" ? [] : text.split(/\r\n|\r|\n/);
}

/**
 * Where `a` and `b` stop agreeing: `a[0, start)` equals `b[0, start)` and `a[endA, …)` equals `b[endB, …)`,
 * so only the middles need the (costly) shortest edit.
 */
function sharedEnds(a: readonly string[], b: readonly string[]) {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  return { start, endA, endB };
}

/** The lines of `before` and `after` compared, in order: unchanged, removed and added lines. */
export function diffLines(before: string, after: string): DiffRow[] {
  const a = splitLines(before);
  const b = splitLines(after);
  const { start, endA, endB } = sharedEnds(a, b);
  const middleA = a.slice(start, endA);
  const middleB = b.slice(start, endB);
  const middle = shortestEdit(middleA, middleB, MAX_EDIT_DISTANCE) ?? [
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
function shortestEdit(a: string[], b: string[], maxEdits: number): DiffRow[] | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, maxEdits);
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

/**
 * Word diffs are bounded in what an operator can send: at most this many tokens (words, spaces, marks) a
 * side, and this many token edits (Myers' cost is (N+M)·D); past either, the caller shows whole values or
 * lines instead. A line diff's word pairs share WORD_BUDGET tokens in all.
 */
export const MAX_WORD_TOKENS = 2000;
const MAX_WORD_EDITS = 400;
export const WORD_BUDGET = 20_000;

/** Words, runs of spaces and single other characters: joined, they are the text again. */
function tokens(text: string): string[] {
  return text.match(/[\p{L}\p{N}_'’-]+|\s+|[^\p{L}\p{N}_'’\s-]/gu) ?? [];
}

/**
 * The words of `before` and `after` compared: unchanged, removed and added runs, in reading order (a
 * removed run before the added run that replaces it). Null when either side has more than MAX_WORD_TOKENS
 * tokens or the texts differ by more than MAX_WORD_EDITS of them.
 */
export function diffWords(before: string, after: string): WordSegment[] | null {
  const a = tokens(before);
  const b = tokens(after);
  if (a.length > MAX_WORD_TOKENS || b.length > MAX_WORD_TOKENS) return null;
  const { start, endA, endB } = sharedEnds(a, b);
  const middle = shortestEdit(a.slice(start, endA), b.slice(start, endB), MAX_WORD_EDITS);
  if (!middle) return null;
  const rows: DiffRow[] = [
    { kind: "same", text: a.slice(0, start).join("") },
    ...middle,
    { kind: "same", text: a.slice(endA).join("") },
  ];
  return mergeSegments(rows);
}

/**
 * Joins neighbouring tokens of one kind, puts each removed run before the added run beside it, and folds a
 * lone space between two changes into both (so "old words" → "new text" reads as one replacement).
 */
function mergeSegments(rows: DiffRow[]): WordSegment[] {
  const out: WordSegment[] = [];
  let removed = "";
  let added = "";
  const flush = () => {
    if (removed) out.push({ kind: "removed", text: removed });
    if (added) out.push({ kind: "added", text: added });
    removed = "";
    added = "";
  };
  // The kind of the next non-empty row after each row, found in one pass from the end.
  const nextKind: (DiffRow["kind"] | undefined)[] = new Array(rows.length);
  for (let index = rows.length - 1, next: DiffRow["kind"] | undefined; index >= 0; index -= 1) {
    nextKind[index] = next;
    if (rows[index]!.text !== "") next = rows[index]!.kind;
  }
  rows.forEach((row, index) => {
    if (row.kind === "removed") removed += row.text;
    else if (row.kind === "added") added += row.text;
    else if (row.text === "") return;
    else if (
      (removed || added) &&
      /^\s+$/.test(row.text) &&
      nextKind[index] !== undefined &&
      nextKind[index] !== "same"
    ) {
      // A space between two changes belongs to both sides, so each side's text stays whole.
      removed += row.text;
      added += row.text;
    } else {
      flush();
      const last = out.at(-1);
      if (last?.kind === "same") last.text += row.text;
      else out.push({ kind: "same", text: row.text });
    }
  });
  flush();
  return out;
}

/** Whether a word diff keeps any word of the old text: one that keeps none is clearer as the two values. */
export function sharesWords(segments: WordSegment[]): boolean {
  return segments.some((segment) => segment.kind === "same" && segment.text.trim() !== "");
}

/**
 * A line diff with its edited lines as word segments: each run of removed lines followed by the same
 * number of added lines is paired in order, while the pairs' tokens stay within WORD_BUDGET; a pair whose
 * word diff is refused (too long, too different) stays a removed and an added line.
 */
export function withWordChanges(rows: DiffRow[]): ShownDiffRow[] {
  const shown: ShownDiffRow[] = [];
  let budget = WORD_BUDGET;
  for (let i = 0; i < rows.length;) {
    if (rows[i]!.kind !== "removed") {
      shown.push(rows[i]!);
      i += 1;
      continue;
    }
    let removedEnd = i;
    while (removedEnd < rows.length && rows[removedEnd]!.kind === "removed") removedEnd += 1;
    let addedEnd = removedEnd;
    while (addedEnd < rows.length && rows[addedEnd]!.kind === "added") addedEnd += 1;
    const count = removedEnd - i;
    if (addedEnd - removedEnd !== count) {
      shown.push(...rows.slice(i, addedEnd));
      i = addedEnd;
      continue;
    }
    const removedRows: ShownDiffRow[] = [];
    let paired = true;
    for (let k = 0; k < count; k += 1) {
      const old = rows[i + k]!.text;
      const now = rows[removedEnd + k]!.text;
      budget -= old.length + now.length;
      const segments = budget > 0 ? diffWords(old, now) : null;
      // A pair sharing nothing is clearer as two lines.
      if (!segments || !sharesWords(segments)) {
        paired = false;
        break;
      }
      removedRows.push({ kind: "changed", segments });
    }
    if (paired) shown.push(...removedRows);
    else shown.push(...rows.slice(i, addedEnd));
    i = addedEnd;
  }
  return shown;
}

/** Long text (a body, a description) is compared line by line rather than shown whole twice. */
export function isLongText(text: string): boolean {
  return text.includes("\n") || text.length > 120;
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * A kept value as a difference shows it: "(empty)", Yes/No, one list item a line, London times ("7 October
 * 2025, 09:30 BST"), and a code the editor shows by name under its name (`labels`: "published" → "Published").
 */
export function formatDiffValue(value: unknown, labels?: Readonly<Record<string, string>>): string {
  if (value === null || value === undefined || value === "") return labels?.[""] ?? "(empty)";
  if (
    labels &&
    (typeof value === "string" || typeof value === "number") &&
    Object.hasOwn(labels, String(value))
  ) {
    return labels[String(value)]!;
  }
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value))
    return value.length === 0 ? "(empty)" : value.map((item) => formatDiffValue(item, labels)).join("\n");
  if (typeof value === "string")
    return ISO_TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value)) ? formatLongDateTime(value) : value;
  if (typeof value === "object") return JSON.stringify(value, null, 2);
  return String(value);
}
