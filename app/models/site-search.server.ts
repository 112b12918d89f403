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

export const START_MARK = "\u0002";
export const END_MARK = "\u0003";

/** A match's rank: normalised by the document's length, one more when the title matches, one more when it is the query. */
const RANK = sql.raw("ts_rank(search, q.query, 1) + (search @@ q.in_title)::int + (lower(title) = q.phrase)::int");

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
): Promise<SearchHit[]> {
  const query = prefixQuery(terms);
  if (!query) return [];
  // The same words, found in the title (weight A in every search column): from the stored tsvector alone.
  const titleQuery = prefixQuery(terms, "A");
  // The policies' extracts state the site's facts, as their pages do (app/utils/legal-facts.ts).
  const retention = retentionPhrase(facts.messageRetentionMonths);
  const time = sql`${at.toISOString()}::timestamptz`;
  const today = londonIsoDate(at);
  const found = await rows<{
    kind: SearchHitKind;
    ref: string;
    title: string;
    page_label: string | null;
    rank: number;
    headline: string;
    body: string | null;
  }>(
    getDb(),
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
      -- The text of an extract is made for the results shown only, not for every match.
      shown as (
        select best.*,
          case kind
            when 'page' then (select body from page_sections where url = best.ref)
            when 'legal' then (select markdown_words(replace(body, ${MESSAGE_RETENTION_TOKEN}, ${retention})) from legal where key = best.ref)
            when 'post' then (select summary || ' ' || markdown_words(body) from posts where slug = best.ref)
            when 'role' then (select team || ' · ' || location || '. ' || summary || ' ' || markdown_words(body) from roles where slug = best.ref)
            else (select description from products where id::text = best.ref)
          end as text,
          case kind when 'legal' then (select body from legal where key = best.ref) end as body
        from best
      )
      select kind, ref, title, page_label, body, rank, ts_headline('english', text, q.query, ${HEADLINE_OPTIONS}) as headline
        from shown, q
        order by rank desc, tier, ord, ref
    `,
  );
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
