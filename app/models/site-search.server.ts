import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { appMeta, pageSections } from "~db/schema";
import { withLegalFacts, type LegalFacts } from "~/utils/legal-facts";
import { defaultRegulatoryStatus } from "~/content/defaults";
import { regulatoryFactsOf } from "~/utils/regulatory-facts";
import { londonIsoDate } from "~/utils/london-time";
import { pageWindow, type PageOf } from "~/utils/pagination";
import { headline } from "~/utils/search-headline";
import { rememberLast } from "~/utils/remember-last";
import { firstInOrder } from "~/utils/first-in-order";
import { now } from "./clock.server";
import {
  currentSearchIndex,
  extractSource,
  searchSourcesChanged,
  termPrefixes,
  type IndexedDocument,
  type SearchHitKind,
} from "./search-index.server";

export type { SearchHitKind };

/**
 * Site search's records: the pages' copy kept in page_sections (so that it has a generated `search`
 * tsvector like posts, roles, products and the policies: migration 0006), and the search itself, answered
 * from this instance's index of those tsvectors (search-index.server.ts): every word of the visitor's as
 * the start of a word, stemmed in English, ranked as ts_rank ranks, with an extract cut from a bounded text
 * (a post's or role's stored search excerpt, the first few KB of anything else), never a whole body.
 */

/** A section of a public page, as the content code describes it. */
export interface PageSection {
  url: string;
  title: string;
  pageLabel: string;
  body: string;
}

const PAGES_HASH_KEY = "search:page-sections";

let pagesWritten: { hash: string; done: Promise<void> } | undefined;

/** The copy's fingerprint, computed once for a copy the caller keeps (the server's own, asked for at every search). */
const copyHashes = new WeakMap<readonly PageSection[], string>();
function copyHash(sections: readonly PageSection[]): string {
  let hash = copyHashes.get(sections);
  if (!hash) {
    hash = crypto.createHash("sha256").update(JSON.stringify(sections)).digest("base64url");
    copyHashes.set(sections, hash);
  }
  return hash;
}

/**
 * Makes the page_sections table hold these sections: written (in one transaction, under a lock, so that
 * instances starting together agree) only when the code's copy differs from what is stored. Once per
 * process for the same copy.
 */
export function ensurePageSections(sections: readonly PageSection[]): Promise<void> {
  const hash = copyHash(sections);
  if (pagesWritten?.hash === hash) return pagesWritten.done;
  const done = getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727273)`);
    const [stored] = await tx
      .select({ value: appMeta.value })
      .from(appMeta)
      .where(eq(appMeta.key, PAGES_HASH_KEY));
    if (stored?.value === hash) return;
    await tx.delete(pageSections);
    if (sections.length)
      await tx.insert(pageSections).values(sections.map((section, position) => ({ ...section, position })));
    await tx
      .insert(appMeta)
      .values({ key: PAGES_HASH_KEY, value: hash })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: hash, updatedAt: sql`now()` } });
  });
  pagesWritten = { hash, done };
  done.then(searchSourcesChanged, () => {
    if (pagesWritten?.done === done) pagesWritten = undefined;
  });
  return done;
}

/** A match, best first: what it is, what identifies it (a URL, an id, a slug, a key), its title and extract. */
export interface SearchHit {
  kind: SearchHitKind;
  ref: string;
  title: string;
  /** The page it belongs to, for page sections. */
  pageLabel: string | null;
  rank: number;
  /** The extract, with each matched word between START_MARK and END_MARK. */
  headline: string;
  /** For a legal document: its Markdown, to find the section the match is in. */
  body: string | null;
}

/** A search given up: not answered within its time cap (the index was still loading). Nothing is wrong; try again. */
export class SearchBusyError extends Error {
  constructor(reason: string) {
    super(`Search is busy: ${reason}`);
    this.name = "SearchBusyError";
  }
}

/**
 * `work` within `capMs`, or SearchBusyError. What it started goes on (a refresh of the index, shared by
 * every search waiting for it); its failure after the visitor was answered is handled here.
 */
export async function withinSearchCap<T>(capMs: number, work: () => Promise<T>): Promise<T> {
  const task = work();
  task.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SearchBusyError(`no answer within ${capMs} ms`)), capMs);
  });
  try {
    return await Promise.race([task, cap]);
  } finally {
    clearTimeout(timer);
  }
}

export const START_MARK = "\u0002";
export const END_MARK = "\u0003";

const HEADLINE = {
  startMark: START_MARK,
  endMark: END_MARK,
  maxWords: 32,
  minWords: 14,
  maxFragments: 2,
  readable: true,
} as const;

function extract(
  source: Pick<IndexedDocument, "text" | "lowerText" | "words">,
  termAt: ReturnType<typeof markedTerm>,
): string {
  return headline(source.text, source.words, (start, end) => termAt(source.lowerText, start, end), HEADLINE);
}

/**
 * `terms` as a prefix query: "forecast:* & signal:*". Terms must already be words (letters and digits);
 * English stemming and stop words apply (a query of stop words alone matches nothing).
 */
export function prefixQuery(terms: readonly string[], weight = ""): string {
  return cleanTerms(terms)
    .map((term) => `${term}:*${weight}`)
    .join(" & ");
}

function cleanTerms(terms: readonly string[]): string[] {
  return terms.map((term) => term.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "")).filter(Boolean);
}

/**
 * Which term the word at `start`..`end` of a lower-cased text matches, or -1: a word is marked when it
 * starts with a term's stem or with the term as typed ("companies" for "company": English stems keep the
 * start of a word, but for a final y made i). Only the marking is approximate: which documents match is
 * decided by their lexemes. Nothing is allocated per word.
 */
function markedTerm(
  terms: readonly string[],
  prefixes: readonly string[],
): (lower: string, start: number, end: number) => number {
  const starts = prefixes.map((prefix) => [
    prefix,
    ...(prefix.endsWith("i") ? [`${prefix.slice(0, -1)}y`] : []),
  ]);
  const initials = new Set([...prefixes, ...terms].map((word) => word.charCodeAt(0)));
  const at = (lower: string, start: number, end: number, word: string) =>
    word.length <= end - start && lower.startsWith(word, start);
  // Called for every word of every extract shown: plain loops, no callback made per word.
  return (lower, start, end) => {
    if (!initials.has(lower.charCodeAt(start))) return -1;
    for (let i = 0; i < starts.length; i++)
      for (const option of starts[i]!) if (at(lower, start, end, option)) return i;
    for (let i = 0; i < terms.length; i++) if (at(lower, start, end, terms[i]!)) return prefixes.length + i;
    return -1;
  };
}

/** Whether an indexed document can be read at `at` (London's date `today` for the policies). */
function visible(doc: IndexedDocument, at: number, currentLegal: ReadonlySet<IndexedDocument>): boolean {
  switch (doc.kind) {
    case "post":
      return doc.publishedAt !== null && doc.publishedAt <= at;
    case "role":
      return (
        doc.publishedAt !== null && doc.publishedAt <= at && (doc.closesAt === null || doc.closesAt > at)
      );
    case "legal":
      return currentLegal.has(doc);
    default:
      return true;
  }
}

/** Each policy's version in effect on `today`: the highest version whose date has come. */
function legalInEffect(docs: Iterable<IndexedDocument>, today: string): Set<IndexedDocument> {
  const best = new Map<string, IndexedDocument>();
  for (const doc of docs) {
    if (doc.kind !== "legal" || !doc.effectiveDate || doc.effectiveDate > today) continue;
    const held = best.get(doc.legalKey!);
    if (!held || doc.legalVersion > held.legalVersion) best.set(doc.legalKey!, doc);
  }
  return new Set(best.values());
}

/**
 * Everything visitors can read that matches every term (as the start of a word, stemmed in English),
 * best first: the pages' sections, the products, live posts and roles, and the legal documents in effect.
 * Ranked as ts_rank ranks (app/utils/search-scoring.ts), plus one when the title alone has the words and
 * one more when the title is the query; ties keep the site's order (pages, then the legal documents,
 * posts newest first, roles, products). Answered from this instance's index (search-index.server.ts);
 * SearchBusyError when that is not current within `capMs`. `wanted` is a page of results (the last
 * one when it asks past the end); `total` counts every match, and only that page's extracts are cut.
 */
/** A policy's extract text and its word boundaries, found once for each version of its text (facts written in). */
const policyExtractSource = rememberLast(16, extractSource);

interface RankedHit {
  doc: IndexedDocument;
  rank: number;
}

/** Best first; equal ranks keep the site's order (pages, legal documents, posts newest first, roles, products). */
function inResultOrder(a: RankedHit, b: RankedHit): number {
  return (
    b.rank - a.rank ||
    a.doc.tier - b.doc.tier ||
    a.doc.ord - b.doc.ord ||
    (a.doc.ref < b.doc.ref ? -1 : a.doc.ref > b.doc.ref ? 1 : 0)
  );
}

const NO_HITS: PageOf<SearchHit> = { items: [], total: 0, page: 1, pageCount: 1 };

export async function searchRecords(
  terms: readonly string[],
  wanted: { page: number; size: number },
  facts: LegalFacts = {
    messageRetentionMonths: 24,
    regulatory: regulatoryFactsOf(defaultRegulatoryStatus, new Date()),
  },
  at: Date = now(),
  capMs = 1500,
  /** Where a hit leads: of several hits that lead to the same address, only the best is kept. */
  addressOf: (kind: SearchHitKind, ref: string) => string = (kind, ref) => `${kind}:${ref}`,
): Promise<PageOf<SearchHit>> {
  const words = cleanTerms(terms);
  if (words.length === 0) return NO_HITS;
  return withinSearchCap(capMs, async () => {
    const index = await currentSearchIndex();
    const stems = await termPrefixes(words);
    const prefixes = [...new Set(stems.flat())];
    if (prefixes.length === 0) return NO_HITS;

    const matches = index.match(prefixes);
    const time = at.getTime();
    const currentLegal = legalInEffect(index.legalDocuments(), londonIsoDate(at));
    const phrase = terms.join(" ");
    // One result per address, the best-ranked hit there (a product's record and the /platforms section about
    // it lead to the same place).
    const best = new Map<string, RankedHit>();
    for (const { doc, sum, titleHasAll } of matches) {
      if (!visible(doc, time, currentLegal)) continue;
      const hit = {
        doc,
        rank: sum / prefixes.length / doc.divisor + Number(titleHasAll) + Number(doc.titleLower === phrase),
      };
      const address = addressOf(doc.kind, doc.ref);
      const held = best.get(address);
      if (!held || inResultOrder(hit, held) < 0) best.set(address, hit);
    }
    const { page, pageCount, offset } = pageWindow(best.size, wanted.page, wanted.size);
    const shown = firstInOrder([...best.values()], offset + wanted.size, inResultOrder).slice(offset);

    // The extract is cut for the results shown only, from a bounded text with the site's facts written in.
    const termAt = markedTerm(
      words.filter((_, i) => stems[i]!.length > 0),
      prefixes,
    );
    const items = shown.map(({ doc, rank }) => ({
      kind: doc.kind,
      ref: doc.ref,
      title: doc.title,
      pageLabel: doc.pageLabel,
      rank,
      headline: extract(
        doc.kind === "legal" ? policyExtractSource(withLegalFacts(doc.text, facts)) : doc,
        termAt,
      ),
      body: doc.body,
    }));
    return { items, total: best.size, page, pageCount };
  });
}
