import { setImmediate as yieldToRequests } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { getDb, rows } from "~db/client.server";
import { wordsOf, type Words } from "~/utils/search-headline";
import { lengthDivisor, wordScore } from "~/utils/search-scoring";
import { onContentChange } from "./content-cache.server";

/**
 * Site search's index, held by each instance: the words of everything searchable, as the database's
 * generated tsvectors hold them (stemmed in English by PostgreSQL itself), with each word's score in each
 * document, and the bounded text an extract is cut from. A search is answered from it without a
 * database query, in time linear in the words that match (issue 33: a search that scans and ranks every
 * matching row in the database takes ~10 ms on PostgreSQL and ~70 ms on PGlite for a common word on a
 * large site, and the embedded database answers one query at a time).
 *
 * The database stays the source: the index follows it by row version (xmin), loading only the rows that
 * changed, when a write was announced (on this instance or, through NOTIFY, another) and at least every
 * REFRESH_MS; a search waits for a refresh a write made necessary, so what an operator saved is found at
 * once. Time decides the rest (a post scheduled, a role closing, a policy taking effect): the index keeps
 * the times and each search applies them.
 */

export type SearchHitKind = "page" | "product" | "post" | "role" | "legal";

export interface IndexedDocument {
  kind: SearchHitKind;
  ref: string;
  title: string;
  pageLabel: string | null;
  /** Results that rank the same keep the site's order: pages, legal documents, posts, roles, products. */
  tier: number;
  ord: number;
  /** The bounded text an extract is cut from, in lower case, and where its words are. */
  text: string;
  lowerText: string;
  words: Words;
  /** A legal document's Markdown (to open it at the section the words are in), key, version and date. */
  body: string | null;
  legalKey: string | null;
  legalVersion: number;
  effectiveDate: string | null;
  publishedAt: number | null;
  closesAt: number | null;
  titleLower: string;
  /** What its summed word scores are divided by (its length). */
  divisor: number;
}

/** Even with no write heard, the index is checked against the database this often (a lost NOTIFY). */
const REFRESH_MS = 30_000;
/** Rows loaded per statement, with a turn for waiting requests between batches. */
const BATCH = 200;
/** Stems remembered for words of queries (a visitor can send any word: bounded). */
const QUERY_STEMS_KEPT = 10_000;

interface Source {
  kind: SearchHitKind;
  table: string;
  key: string;
  keyType: "int" | "text";
  /** Which rows can be found at all (a draft never): the rest is decided by time, per search. */
  where: string;
  /** The columns an indexed document is made from, by these names. */
  columns: string;
}

const EXTRACT_SOURCE_LENGTH = 4000;
const LEGAL_EXTRACT_SOURCE_LENGTH = 20_000;

const SOURCES: Source[] = [
  {
    kind: "page",
    table: "page_sections",
    key: "url",
    keyType: "text",
    where: "true",
    columns: `url as ref, title, page_label, position as ord, left(body, ${EXTRACT_SOURCE_LENGTH}) as text`,
  },
  {
    kind: "legal",
    table: "legal_document_versions",
    key: "id",
    keyType: "int",
    where: "true",
    columns: `key as ref, title, version, effective_date::text as effective_date, markdown_words(left(body, ${LEGAL_EXTRACT_SOURCE_LENGTH})) as text, body`,
  },
  {
    kind: "post",
    table: "posts",
    key: "id",
    keyType: "int",
    where: "status = 'published'",
    columns: "slug as ref, title, published_at, search_excerpt as text",
  },
  {
    kind: "role",
    table: "roles",
    key: "id",
    keyType: "int",
    where: "status = 'published'",
    columns: "slug as ref, title, published_at, closes_at, display_order as ord, search_excerpt as text",
  },
  {
    kind: "product",
    table: "products",
    key: "id",
    keyType: "int",
    where: "true",
    columns: `id::text as ref, name as title, display_order as ord, left(description, ${EXTRACT_SOURCE_LENGTH}) as text`,
  },
];

const TIERS: Record<SearchHitKind, number> = { page: 0, legal: 1, post: 2, role: 3, product: 4 };

type Db = ReturnType<typeof getDb>;

/** The documents that hold a word (by slot), the word's score in each and whether it is in its title. */
interface Posting {
  slots: number[];
  scores: number[];
  titled: boolean[];
}

/** A document that has every word of a query: its scores summed and whether its title has them all. */
export interface IndexMatch {
  doc: IndexedDocument;
  sum: number;
  titleHasAll: boolean;
}

class SearchIndex {
  /** Documents by slot; a replaced or removed document's slot is empty until the postings are compacted. */
  private slots: (IndexedDocument | undefined)[] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly versions = new Map<string, string>();
  private postings = new Map<string, Posting>();
  /** The words, sorted: a prefix's words are a run of it. */
  private sorted: string[] = [];
  private emptySlots = 0;
  /** The legal documents' versions among the slots, kept apart: each search picks those in effect. */
  private readonly legal = new Set<IndexedDocument>();
  private loadedAt = 0;
  private changes = 0;
  private refreshedTo = -1;
  private refreshing: Promise<void> | undefined;

  constructor(readonly db: Db) {}

  changed(): void {
    this.changes += 1;
  }

  /** Resolves once the index holds every write announced before the call. */
  async current(): Promise<void> {
    const wanted = this.changes;
    while (this.refreshedTo < wanted || Date.now() - this.loadedAt > REFRESH_MS) {
      this.refreshing ??= this.refresh().finally(() => {
        this.refreshing = undefined;
      });
      await this.refreshing;
    }
  }

  /** Every indexed version of a legal document (in effect or not: the date decides per search). */
  legalDocuments(): Iterable<IndexedDocument> {
    return this.legal;
  }

  /**
   * The documents that have, for every prefix, a word that starts with it; linear in the postings of the
   * matching words, with no allocation per posting.
   */
  match(prefixes: readonly string[]): IndexMatch[] {
    const count = this.slots.length;
    /** The last prefix each slot matched: a slot goes on only if it matched every one before. */
    const reached = new Int32Array(count).fill(-1);
    const sums = new Float64Array(count);
    const titledAt = new Int32Array(count).fill(-1);
    const titledCount = new Int32Array(count);
    for (let i = 0; i < prefixes.length; i++) {
      let any = false;
      for (const word of this.wordsStartingWith(prefixes[i]!)) {
        const { slots, scores, titled } = this.postings.get(word)!;
        for (let j = 0; j < slots.length; j++) {
          const slot = slots[j]!;
          if ((reached[slot] !== i - 1 && reached[slot] !== i) || !this.slots[slot]) continue;
          reached[slot] = i;
          sums[slot] = sums[slot]! + scores[j]!;
          any = true;
          if (titled[j] && titledAt[slot] !== i) {
            titledAt[slot] = i;
            titledCount[slot] = titledCount[slot]! + 1;
          }
        }
      }
      if (!any) return [];
    }
    const matches: IndexMatch[] = [];
    for (let slot = 0; slot < count; slot++) {
      const doc = this.slots[slot];
      if (doc && reached[slot] === prefixes.length - 1) matches.push({ doc, sum: sums[slot]!, titleHasAll: titledCount[slot] === prefixes.length });
    }
    return matches;
  }

  private *wordsStartingWith(prefix: string): Generator<string> {
    for (let i = lowerBound(this.sorted, prefix); i < this.sorted.length && this.sorted[i]!.startsWith(prefix); i++) yield this.sorted[i]!;
  }

  private async refresh(): Promise<void> {
    const upTo = this.changes;
    const scan = await rows<{ kind: SearchHitKind; id: string; v: string }>(
      this.db,
      sql.raw(SOURCES.map((s) => `select '${s.kind}' as kind, ${s.key}::text as id, xmin::text as v from ${s.table} where ${s.where}`).join(" union all ")),
    );
    const seen = new Set<string>();
    const stale = new Map<SearchHitKind, string[]>(SOURCES.map((source) => [source.kind, []]));
    for (const { kind, id, v } of scan) {
      const key = `${kind}:${id}`;
      seen.add(key);
      if (this.versions.get(key) !== v) stale.get(kind)!.push(id);
    }
    for (const key of [...this.slotOf.keys()]) if (!seen.has(key)) this.remove(key);
    const added = new Set<string>();
    for (const source of SOURCES) {
      const ids = stale.get(source.kind)!;
      for (let i = 0; i < ids.length; i += BATCH) {
        await this.load(source, ids.slice(i, i + BATCH), added);
        await yieldToRequests();
      }
    }
    if (this.emptySlots > Math.max(1000, this.slotOf.size)) this.compact();
    else this.placeWords(added);
    this.loadedAt = Date.now();
    this.refreshedTo = upTo;
  }

  private async load(source: Source, ids: string[], added: Set<string>): Promise<void> {
    const keys = sql`${sql.param(ids)}::${sql.raw(source.keyType)}[]`;
    const keyColumn = sql.raw(source.key);
    const table = sql.raw(source.table);
    const found = await rows<Record<string, unknown> & { id: string; v: string }>(
      this.db,
      sql`select ${keyColumn}::text as id, xmin::text as v, ${sql.raw(source.columns)} from ${table} where ${keyColumn} = any(${keys}) and ${sql.raw(source.where)}`,
    );
    const words = await rows<{ id: string; lexeme: string; weights: string | null }>(
      this.db,
      sql`select ${keyColumn}::text as id, w.lexeme, array_to_string(w.weights, '') as weights from ${table}, unnest(search) as w where ${keyColumn} = any(${keys})`,
    );
    const wordsById = new Map<string, { lexeme: string; weights: string }[]>();
    for (const { id, lexeme, weights } of words) {
      const word = { lexeme, weights: weights || "D" };
      const list = wordsById.get(id);
      if (list) list.push(word);
      else wordsById.set(id, [word]);
    }
    for (const id of ids) this.remove(`${source.kind}:${id}`);
    for (const row of found) {
      const key = `${source.kind}:${row.id}`;
      const slot = this.slots.length;
      let length = 0;
      for (const { lexeme, weights } of wordsById.get(row.id) ?? []) {
        length += weights.length;
        let posting = this.postings.get(lexeme);
        if (!posting) {
          posting = { slots: [], scores: [], titled: [] };
          this.postings.set(lexeme, posting);
          added.add(lexeme);
        }
        posting.slots.push(slot);
        posting.scores.push(wordScore(weights));
        posting.titled.push(weights.includes("A"));
      }
      const title = String(row.title ?? "");
      const doc: IndexedDocument = {
        kind: source.kind,
        ref: String(row.ref),
        title,
        pageLabel: source.kind === "page" ? String(row.page_label) : null,
        tier: TIERS[source.kind],
        ord: source.kind === "post" ? -Math.round(time(row.published_at)! / 1000) : Number(row.ord ?? 0),
        ...extractSource(String(row.text ?? "")),
        body: typeof row.body === "string" ? row.body : null,
        legalKey: source.kind === "legal" ? String(row.ref) : null,
        legalVersion: Number(row.version ?? 0),
        effectiveDate: typeof row.effective_date === "string" ? row.effective_date : null,
        publishedAt: time(row.published_at),
        closesAt: time(row.closes_at),
        titleLower: title.toLowerCase(),
        divisor: lengthDivisor(length),
      };
      this.slots.push(doc);
      if (doc.kind === "legal") this.legal.add(doc);
      this.slotOf.set(key, slot);
      this.versions.set(key, row.v);
    }
  }

  private remove(key: string): void {
    const slot = this.slotOf.get(key);
    this.versions.delete(key);
    if (slot === undefined) return;
    this.slotOf.delete(key);
    this.legal.delete(this.slots[slot]!);
    this.slots[slot] = undefined;
    this.emptySlots += 1;
  }

  private placeWords(added: Set<string>): void {
    if (added.size === 0) return;
    if (added.size > 1000 || this.sorted.length === 0) {
      this.sorted = [...this.postings.keys()].sort();
      return;
    }
    for (const word of added) this.sorted.splice(lowerBound(this.sorted, word), 0, word);
  }

  /** The postings without the empty slots, renumbered; words no document has any more are dropped. */
  private compact(): void {
    const renumbered = new Int32Array(this.slots.length).fill(-1);
    const slots: IndexedDocument[] = [];
    this.slots.forEach((doc, slot) => {
      if (doc) renumbered[slot] = slots.push(doc) - 1;
    });
    const postings = new Map<string, Posting>();
    for (const [word, posting] of this.postings) {
      const kept: Posting = { slots: [], scores: [], titled: [] };
      posting.slots.forEach((slot, j) => {
        if (renumbered[slot]! < 0) return;
        kept.slots.push(renumbered[slot]!);
        kept.scores.push(posting.scores[j]!);
        kept.titled.push(posting.titled[j]!);
      });
      if (kept.slots.length) postings.set(word, kept);
    }
    for (const [key, slot] of this.slotOf) this.slotOf.set(key, renumbered[slot]!);
    this.slots = slots;
    this.postings = postings;
    this.sorted = [...postings.keys()].sort();
    this.emptySlots = 0;
  }
}

/** A text as extracts are cut from it: lower-cased once (where that keeps its length) and cut into words. */
export function extractSource(text: string): Pick<IndexedDocument, "text" | "lowerText" | "words"> {
  const lower = text.toLowerCase();
  return { text, lowerText: lower.length === text.length ? lower : text, words: wordsOf(text) };
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

function time(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).getTime();
}

/** Each word's lexemes as the database stems them for English ([] for a stop word). */
async function stemsOf(db: Db, words: readonly string[]): Promise<Map<string, string[]>> {
  if (words.length === 0) return new Map();
  const found = await rows<{ word: string; stems: string[] | string | null }>(
    db,
    sql`select w as word, tsvector_to_array(to_tsvector('english', w)) as stems from unnest(${sql.param([...words])}::text[]) as w`,
  );
  return new Map(found.map((row) => [row.word, parseArray(row.stems)]));
}

function parseArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === "{}") return [];
  return value
    .slice(1, -1)
    .split(",")
    .map((item) => item.replace(/^"|"$/g, ""));
}

let index: SearchIndex | undefined;

onContentChange(() => index?.changed());

/** This instance's index of the open database, current with every write announced so far. */
export async function currentSearchIndex(): Promise<SearchIndex> {
  const db = getDb();
  if (index?.db !== db) index = new SearchIndex(db);
  const held = index;
  await held.current();
  return held;
}

/** A write to what search reads that is not announced as a content change (the pages' copy at start). */
export function searchSourcesChanged(): void {
  index?.changed();
}

const queryStems = new Map<string, string[]>();

/**
 * The prefixes a query's terms stand for, as to_tsquery('english', 'term:*') makes them: each term
 * stemmed by the database (a stop word gives none). Remembered per process (at most QUERY_STEMS_KEPT
 * words, the oldest forgotten first), so a word asked before needs no query.
 */
export async function termPrefixes(terms: readonly string[]): Promise<string[][]> {
  const unknown = terms.filter((term) => !queryStems.has(term));
  if (unknown.length) {
    for (const [word, stems] of await stemsOf(getDb(), unknown)) {
      if (queryStems.size >= QUERY_STEMS_KEPT) queryStems.delete(queryStems.keys().next().value!);
      queryStems.set(word, stems);
    }
  }
  return terms.map((term) => queryStems.get(term) ?? []);
}

export type { SearchIndex };
