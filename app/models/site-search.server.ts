import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { getDb, rows } from "../../db/client.server";
import { appMeta, pageSections } from "../../db/schema";
import { MESSAGE_RETENTION_TOKEN, retentionPhrase, type LegalFacts } from "~/utils/legal-facts";
import { londonIsoDate } from "~/utils/london-time";
import { now } from "./clock.server";

/**
 * Site search in PostgreSQL's full-text search (the same SQL on PGlite): each searched table has a
 * generated `search` tsvector with a GIN index (migration 0006), the query is every word of the visitor's
 * as a prefix (`forecast:*`, stemmed in English), ranked with ts_rank (normalised by the document's length,
 * plus one when the title alone matches and one more when the title is the query, so a section about
 * the words outranks a long page that mentions them), and the extract around the match comes from ts_headline with the matched words marked.
 * The extract is made from a bounded text only (a post's or role's stored search excerpt, the first few KB
 * of anything else), never a whole body; a search past its time cap is given up with SearchBusyError.
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

/**
 * Makes the page_sections table hold these sections: written (in one transaction, under a lock, so that
 * instances starting together agree) only when the code's copy differs from what is stored. Once per
 * process for the same copy.
 */
export function ensurePageSections(sections: readonly PageSection[]): Promise<void> {
  const hash = crypto.createHash("sha256").update(JSON.stringify(sections)).digest("base64url");
  if (pagesWritten?.hash === hash) return pagesWritten.done;
  const done = getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727273)`);
    const [stored] = await tx.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, PAGES_HASH_KEY));
    if (stored?.value === hash) return;
    await tx.delete(pageSections);
    if (sections.length) await tx.insert(pageSections).values(sections.map((section, position) => ({ ...section, position })));
    await tx
      .insert(appMeta)
      .values({ key: PAGES_HASH_KEY, value: hash })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: hash, updatedAt: sql`now()` } });
  });
  pagesWritten = { hash, done };
  done.catch(() => {
    if (pagesWritten?.done === done) pagesWritten = undefined;
  });
  return done;
}

export type SearchHitKind = "page" | "product" | "post" | "role" | "legal";

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

/** A search given up: past its time cap, or too many searches already waiting. Nothing is wrong; try again. */
export class SearchBusyError extends Error {
  constructor(reason: string) {
    super(`Search is busy: ${reason}`);
    this.name = "SearchBusyError";
  }
}

/** Searches that run at once per process; the rest wait their turn (within the time cap). */
const SEARCHES_AT_ONCE = 2;
/** More waiting than this is answered "busy" at once rather than queued. */
const MAX_WAITING = 32;
let running = 0;
const waiting: (() => void)[] = [];

/** A turn to search, within `ms`: false when the cap passes first or the queue is full. */
function takeTurn(ms: number): Promise<boolean> {
  if (running < SEARCHES_AT_ONCE) {
    running += 1;
    return Promise.resolve(true);
  }
  if (waiting.length >= MAX_WAITING) return Promise.resolve(false);
  return new Promise((resolve) => {
    const turn = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(turn), 1);
      resolve(false);
    }, ms);
    waiting.push(turn);
  });
}

function endTurn(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

const QUERY_CANCELED = "57014";

function isCanceled(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause && typeof cause === "object" && depth < 5; depth += 1) {
    if ((cause as { code?: unknown }).code === QUERY_CANCELED) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs a search query within `capMs` (its wait for a turn included). PostgreSQL stops the statement
 * itself (statement_timeout, set for this transaction only); PGlite does not enforce statement_timeout, so
 * there the visitor is answered at the cap and the query, bounded by design, finishes in the background
 * holding its turn, so that searches never queue more work on the database than SEARCHES_AT_ONCE.
 */
export async function withinSearchCap<T>(capMs: number, query: (db: ReturnType<typeof getDb>) => Promise<T>): Promise<T> {
  const started = performance.now();
  if (!(await takeTurn(capMs))) throw new SearchBusyError(waiting.length >= MAX_WAITING ? "too many searches waiting" : `no turn within ${capMs} ms`);
  const remaining = Math.max(1, Math.floor(capMs - (performance.now() - started)));
  const work = getDb()
    .transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${remaining}`));
      return query(tx as unknown as ReturnType<typeof getDb>);
    })
    .finally(endTurn);
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SearchBusyError(`no answer within ${capMs} ms`)), remaining);
  });
  // The work may settle after the visitor was answered: its rejection is handled here, not left unhandled.
  work.catch(() => {});
  try {
    return await Promise.race([work, cap]);
  } catch (error) {
    if (isCanceled(error)) throw new SearchBusyError(`no answer within ${capMs} ms`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export const START_MARK = "\u0002";
export const END_MARK = "\u0003";

/** A match's rank: normalised by the document's length, one more when the title matches, one more when it is the query. */
const RANK = sql.raw("ts_rank(search, q.query, 1) + (search @@ q.in_title)::int + (lower(title) = q.phrase)::int");

/** The most text an extract is made from where no excerpt is stored (page sections, legal documents, products). */
const EXTRACT_SOURCE_LENGTH = 4000;
/** The policies' extracts come from further in (their sections run to ~8 KB; at most three are found). */
const LEGAL_EXTRACT_SOURCE_LENGTH = 20_000;

const HEADLINE_OPTIONS = `StartSel="${START_MARK}", StopSel="${END_MARK}", MaxWords=32, MinWords=14, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * `terms` as a prefix query: "forecast:* & signal:*". Terms must already be words (letters and digits);
 * English stemming and stop words apply (a query of stop words alone matches nothing).
 */
export function prefixQuery(terms: readonly string[], weight = ""): string {
  return terms
    .map((term) => term.replace(/[^\p{L}\p{N}]+/gu, ""))
    .filter(Boolean)
    .map((term) => `${term}:*${weight}`)
    .join(" & ");
}

/**
 * Everything visitors can read that matches every term, best first: the pages' sections, the products,
 * live posts and roles, and the legal documents in effect. Ties keep the site's order (pages, then the
 * legal documents, posts newest first, roles, products).
 */
export async function searchRecords(
  terms: readonly string[],
  limit: number,
  facts: LegalFacts = { messageRetentionMonths: 24 },
  at: Date = now(),
  capMs = 1500,
): Promise<SearchHit[]> {
  const query = prefixQuery(terms);
  if (!query) return [];
  // The same words, found in the title (weight A in every search column): from the stored tsvector alone.
  const titleQuery = prefixQuery(terms, "A");
  // The policies' extracts state the site's facts, as their pages do (app/utils/legal-facts.ts).
  const retention = retentionPhrase(facts.messageRetentionMonths);
  const time = sql`${at.toISOString()}::timestamptz`;
  const today = londonIsoDate(at);
  const found = await withinSearchCap(capMs, (db) => rows<{
    kind: SearchHitKind;
    ref: string;
    title: string;
    page_label: string | null;
    rank: number;
    headline: string;
    body: string | null;
  }>(
    db,
    sql`
      with q as (
        select to_tsquery('english', ${query}) as query, to_tsquery('english', ${titleQuery}) as in_title, ${terms.join(" ")}::text as phrase
      ),
      legal as (
        select distinct on (key) key, title, body, search
        from legal_document_versions
        where effective_date <= ${today}
        order by key, version desc
      ),
      -- Each table is matched against the query itself, not q's column, so that its GIN index is used.
      hits as (
        select 'page' as kind, url as ref, title, page_label, ${RANK} as rank, 0 as tier, position::bigint as ord
          from page_sections, q where search @@ to_tsquery('english', ${query})
        union all
        select 'legal', key, title, null, ${RANK}, 1, 0
          from legal, q where search @@ to_tsquery('english', ${query})
        union all
        select 'post', slug, title, null, ${RANK}, 2, -extract(epoch from published_at)::bigint
          from posts, q
          where search @@ to_tsquery('english', ${query}) and status = 'published' and published_at <= ${time}
        union all
        select 'role', slug, title, null, ${RANK}, 3, display_order
          from roles, q
          where search @@ to_tsquery('english', ${query}) and status = 'published' and published_at <= ${time} and (closes_at is null or closes_at > ${time})
        union all
        select 'product', id::text, name, null,
               ts_rank(search, q.query, 1) + (search @@ q.in_title)::int + (lower(name) = q.phrase)::int, 4, display_order
          from products, q where search @@ to_tsquery('english', ${query})
      ),
      best as (select * from hits order by rank desc, tier, ord, ref limit ${limit}),
      -- The text of an extract is made for the results shown only, not for every match, and from a bounded
      -- text: a post's or role's excerpt stored when it was saved, the start of anything else.
      shown as (
        select best.*,
          case kind
            when 'page' then (select left(body, ${EXTRACT_SOURCE_LENGTH}) from page_sections where url = best.ref)
            when 'legal' then (select markdown_words(replace(left(body, ${LEGAL_EXTRACT_SOURCE_LENGTH}), ${MESSAGE_RETENTION_TOKEN}, ${retention})) from legal where key = best.ref)
            when 'post' then (select search_excerpt from posts where slug = best.ref)
            when 'role' then (select search_excerpt from roles where slug = best.ref)
            else (select left(description, ${EXTRACT_SOURCE_LENGTH}) from products where id::text = best.ref)
          end as text,
          case kind when 'legal' then (select body from legal where key = best.ref) end as body
        from best
      )
      select kind, ref, title, page_label, body, rank, ts_headline('english', text, q.query, ${HEADLINE_OPTIONS}) as headline
        from shown, q
        order by rank desc, tier, ord, ref
    `,
  ));
  return found.map((row) => ({
    kind: row.kind,
    ref: row.ref,
    title: row.title,
    pageLabel: row.page_label,
    rank: Number(row.rank),
    headline: row.headline,
    body: row.body,
  }));
}
