/**
 * A search result's extract, in the form ts_headline gives it: up to `maxFragments` runs of at most
 * `maxWords` words around the matched words, in the text's order, joined by " … ", each matched word
 * between `startMark` and `endMark`; with no match, the text's first `minWords` words. Linear in the text.
 */

export interface HeadlineOptions {
  startMark: string;
  endMark: string;
  maxWords?: number;
  minWords?: number;
  maxFragments?: number;
  delimiter?: string;
  /**
   * For a reader (site search): a fragment starts at its sentence's start when that is a few words back,
   * and an extract that starts or ends inside the text says so with "…".
   */
  readable?: boolean;
}

/** How far back (in words) a fragment may move to start at its sentence's start. */
const SENTENCE_REACH = 8;

/** Where a text's words start and end: cut once, when the text is indexed. */
export interface Words {
  starts: Int32Array;
  ends: Int32Array;
}

const WORD = /[\p{L}\p{N}]+/gu;

export function wordsOf(text: string): Words {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const found of text.matchAll(WORD)) {
    starts.push(found.index);
    ends.push(found.index + found[0].length);
  }
  return { starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
}

/**
 * The extract of `text` (its words as `wordsOf` cut them): `termAt(start, end)` says which of the query's
 * terms the word there matches, or -1.
 */
export function headline(text: string, words: Words, termAt: (start: number, end: number) => number, options: HeadlineOptions): string {
  const { startMark, endMark, maxWords = 32, minWords = 14, maxFragments = 2, delimiter = " … ", readable = false } = options;
  const { starts, ends } = words;
  const count = starts.length;
  if (count === 0) return "";
  const terms = new Int32Array(count);
  const matches: number[] = [];
  let termCount = 0;
  for (let i = 0; i < count; i++) {
    terms[i] = termAt(starts[i]!, ends[i]!);
    if (terms[i]! >= 0) {
      matches.push(i);
      termCount = Math.max(termCount, terms[i]! + 1);
    }
  }
  // Which window last counted each term: the windows' different terms are counted without a set apiece.
  const countedIn = new Int32Array(termCount).fill(-1);
  let windowNo = 0;

  const fragments: [number, number][] = [];
  const inFragment = (index: number) => fragments.some(([start, end]) => index >= start && index <= end);
  while (fragments.length < maxFragments) {
    // The window of maxWords words that starts at a match outside the fragments chosen and holds the most
    // different terms (then the most matches): two pointers over the matches.
    let best: { first: number; last: number; terms: number; count: number } | undefined;
    let right = 0;
    for (let left = 0; left < matches.length; left++) {
      const first = matches[left]!;
      if (inFragment(first)) continue;
      right = Math.max(right, left);
      while (right + 1 < matches.length && matches[right + 1]! - first < maxWords && !inFragment(matches[right + 1]!)) right++;
      let different = 0;
      windowNo++;
      for (let k = left; k <= right; k++) {
        const term = terms[matches[k]!]!;
        if (countedIn[term] !== windowNo) {
          countedIn[term] = windowNo;
          different++;
        }
      }
      const matched = right - left + 1;
      if (!best || different > best.terms || (different === best.terms && matched > best.count))
        best = { first, last: matches[right]!, terms: different, count: matched };
    }
    if (!best) break;
    // Centred on its matches, within the text and clear of the fragments already chosen.
    const { first, last } = best;
    const slack = maxWords - (last - first + 1);
    const floor = fragments.reduce((max, [, end]) => (end < first ? Math.max(max, end + 1) : max), 0);
    const ceiling = fragments.reduce((min, [start]) => (start > last ? Math.min(min, start - 1) : min), count - 1);
    let start = Math.max(floor, first - Math.floor(slack / 2));
    const end = Math.min(ceiling, start + maxWords - 1);
    start = Math.max(floor, Math.min(start, end - maxWords + 1));
    fragments.push([start, end]);
  }
  if (fragments.length === 0) fragments.push([0, Math.min(count, minWords) - 1]);
  fragments.sort((a, b) => a[0] - b[0]);

  // Whether a sentence ends between word i - 1 and word i (or the text starts there).
  const sentenceStartsAt = (i: number) => i === 0 || /[.!?:]\s*$/.test(text.slice(ends[i - 1]!, starts[i]));
  if (readable) {
    fragments.forEach((fragment, n) => {
      const floor = n === 0 ? 0 : fragments[n - 1]![1] + 1;
      let firstMatch = fragment[0];
      while (firstMatch < fragment[1] && terms[firstMatch]! < 0) firstMatch++;
      // Back to its sentence's start when that is near; else on to the start of the sentence the match is in.
      let start = -1;
      for (let i = fragment[0]; i >= Math.max(floor, fragment[0] - SENTENCE_REACH) && start < 0; i--) if (sentenceStartsAt(i)) start = i;
      for (let i = fragment[0] + 1; i <= firstMatch && start < 0; i++) if (sentenceStartsAt(i)) start = i;
      if (start >= 0) fragment[0] = start;
    });
  }

  const joined = fragments
    .map(([start, end]) => {
      let out = "";
      let at = starts[start]!;
      for (let i = start; i <= end; i++) {
        out += text.slice(at, starts[i]);
        const word = text.slice(starts[i], ends[i]);
        out += terms[i]! >= 0 ? `${startMark}${word}${endMark}` : word;
        at = ends[i]!;
      }
      return out;
    })
    .join(delimiter);
  if (!readable) return joined;
  const [first] = fragments[0]!;
  const [, last] = fragments[fragments.length - 1]!;
  const lead = sentenceStartsAt(first) ? "" : "… ";
  // Ends where its sentence does (with the full stop), or says that the text goes on.
  const after = text.charAt(ends[last]!);
  const tail = /[.!?]/.test(after) ? after : last === count - 1 ? "" : " …";
  return `${lead}${joined}${tail}`;
}
