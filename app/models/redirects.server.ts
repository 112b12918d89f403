import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { notFoundPaths, redirects } from "../../db/schema";
import {
  MAX_CHAIN,
  REDIRECT_MESSAGES,
  type RedirectInput,
  type RedirectStatusCode,
} from "~/schemas/redirect";
import { getConfig } from "~/server/config.server";
import { chainProblem, type RuleLink } from "~/utils/redirect-chains";
import { isSitePage } from "~/utils/site-paths";
import type { Actor } from "./actor";
import { cached, cachedNow } from "./content-cache.server";
import { recordModel, type Tx } from "./versioned-records.server";

export type Redirect = typeof redirects.$inferSelect;
/** What an operator sets; the form's confirmation travels with it but is never stored. */
export type RedirectWrite = Omit<RedirectInput, "version">;

/** What the edge needs to answer an address. */
export interface RedirectRule {
  id: number;
  to: string;
  statusCode: RedirectStatusCode;
}

function siteOrigin(): string {
  return getConfig().publicUrl.origin;
}

/** Every rule's links, for the chain check, read in the writing transaction. */
async function allLinks(tx: Tx): Promise<(RuleLink & { id: number })[]> {
  return tx
    .select({ id: redirects.id, from: redirects.from, to: redirects.to, statusCode: redirects.statusCode })
    .from(redirects);
}

/**
 * The checks a rule needs the other rules for: its `from` is not taken, a page of the site is replaced
 * only when confirmed, and it makes no loop and no chain longer than MAX_CHAIN.
 */
export function ruleProblem(
  links: readonly RuleLink[],
  input: RedirectWrite,
  id: number | null,
): { field: string; message: string } | null {
  const taken = links.find((link) => link.from === input.from && link.id !== id);
  if (taken) return { field: "from", message: REDIRECT_MESSAGES.fromTaken(input.from) };
  if (isSitePage(input.from) && !input.confirmShadow) {
    return { field: "confirmShadow", message: REDIRECT_MESSAGES.shadowsPage(input.from) };
  }
  const problem = chainProblem(links, { id: id ?? undefined, ...input }, siteOrigin(), MAX_CHAIN);
  if (problem?.kind === "loop") return { field: "to", message: REDIRECT_MESSAGES.loop(problem.chain) };
  if (problem) return { field: "to", message: REDIRECT_MESSAGES.chain(problem.chain, MAX_CHAIN) };
  return null;
}

const model = recordModel<Redirect, RedirectWrite>({
  table: redirects,
  entity: "redirect",
  collection: "redirects",
  // Hits are traffic, not the operator's content.
  unversioned: ["hits", "lastHitAt"],
  // The rule was confirmed when it was first saved over a page.
  restoreInput: (values) => ({ ...(values as RedirectWrite), confirmShadow: true }),
  describe: (rule) => `${rule.from} → ${rule.statusCode === 410 ? "410 Gone" : rule.to}`,
  orderBy: [redirects.from],
  // Rules are written one at a time: the chain check must see every other rule as it is.
  lockTable: "redirects",
  check: async (tx, input, id) => ruleProblem(await allLinks(tx), input, id),
  stored: ({ confirmShadow: _confirmed, ...rule }) => rule,
  afterWrite: async (tx, rule) => {
    // An address that now has a rule is no longer missing.
    await tx.delete(notFoundPaths).where(eq(notFoundPaths.path, rule.from));
  },
});

export const getRedirect = model.get;
export const createRedirect = model.create;
export const updateRedirect = model.update;
export const deleteRedirect = model.remove;
export const restoreRedirectVersion = model.restoreVersion;
export const restoreRedirectFromTrash = model.restoreFromTrash;

export const REDIRECTS_PAGE_SIZE = 50;

/** The admin list: every rule (or those whose from, to or note contain `query`), by `from`, a page at a time. */
export async function listRedirects(
  options: { query?: string; page?: number } = {},
): Promise<{ rules: Redirect[]; total: number }> {
  const query = options.query?.trim();
  const pattern = query ? `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
  const where = pattern
    ? or(ilike(redirects.from, pattern), ilike(redirects.to, pattern), ilike(redirects.note, pattern))
    : undefined;
  const page = Math.max(1, options.page ?? 1);
  const [rules, [counted]] = await Promise.all([
    getDb()
      .select()
      .from(redirects)
      .where(where)
      .orderBy(asc(redirects.from))
      .limit(REDIRECTS_PAGE_SIZE)
      .offset((page - 1) * REDIRECTS_PAGE_SIZE),
    getDb().select({ n: count() }).from(redirects).where(where),
  ]);
  return { rules, total: Number(counted?.n ?? 0) };
}

/** Every rule, by `from`: the CSV export and GET /api/admin/redirects. */
export async function allRedirects(): Promise<Redirect[]> {
  return getDb().select().from(redirects).orderBy(asc(redirects.from));
}

/** The rules the edge answers from, by normalised `from`; served from the content cache. */
export function redirectTable(): Promise<ReadonlyMap<string, RedirectRule>> {
  return cached("redirects", loadRedirectTable);
}

/** The table when the content cache holds it, without waiting (the edge's fast path). */
export function redirectTableNow(): ReadonlyMap<string, RedirectRule> | undefined {
  return cachedNow<ReadonlyMap<string, RedirectRule>>("redirects");
}

async function loadRedirectTable(): Promise<ReadonlyMap<string, RedirectRule>> {
  const rows = await getDb()
    .select({ id: redirects.id, from: redirects.from, to: redirects.to, statusCode: redirects.statusCode })
    .from(redirects);
  return new Map(
    rows.map((row) => [
      row.from,
      { id: row.id, to: row.to, statusCode: row.statusCode as RedirectStatusCode },
    ]),
  );
}

// Hits: counted in memory on the hot path and added to the rules in one statement per flush.
const pendingHits = new Map<number, { hits: number; lastAt: Date }>();

export function countRedirectHit(id: number, at = new Date()): void {
  const entry = pendingHits.get(id);
  if (entry) {
    entry.hits += 1;
    entry.lastAt = at;
  } else {
    pendingHits.set(id, { hits: 1, lastAt: at });
  }
}

/** Adds the hits counted since the last flush; returns how many rules were updated. */
export async function flushRedirectHits(): Promise<number> {
  if (pendingHits.size === 0) return 0;
  const batch = [...pendingHits];
  pendingHits.clear();
  try {
    const values = sql.join(
      batch.map(
        ([id, { hits, lastAt }]) => sql`(${id}::int, ${hits}::int, ${lastAt.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    await getDb().execute(sql`
      update ${redirects} set
        hits = ${redirects.hits} + v.hits,
        last_hit_at = greatest(${redirects.lastHitAt}, v.last_at)
      from (values ${values}) as v(id, hits, last_at)
      where ${redirects.id} = v.id`);
    return batch.length;
  } catch (error) {
    // Put them back: they are added on the next flush.
    for (const [id, { hits, lastAt }] of batch) {
      const entry = pendingHits.get(id);
      if (entry) entry.hits += hits;
      else pendingHits.set(id, { hits, lastAt });
    }
    throw error;
  }
}

/** Hits counted here and not yet written (for tests and the shutdown flush). */
export function pendingRedirectHits(): number {
  let total = 0;
  for (const { hits } of pendingHits.values()) total += hits;
  return total;
}

export interface ImportRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  rule: RedirectWrite;
}

export type ImportResult =
  | { ok: true; created: number; updated: number }
  | { ok: false; line: number; field: string; message: string };

/**
 * A whole CSV file of rules, all or nothing, in one transaction: a row whose `from` has a rule replaces
 * that rule's destination, status and note (so an exported file can be edited and imported again); any
 * other row adds a rule. Each row is checked against the rules before it, so a loop or long chain made
 * between rows of the same file is found, and named by its line.
 */
export async function importRedirects(rows: readonly ImportRow[], actor: Actor): Promise<ImportResult> {
  const seen = new Map<string, number>();
  for (const { line, rule } of rows) {
    const earlier = seen.get(rule.from);
    if (earlier !== undefined) {
      return {
        ok: false,
        line,
        field: "from",
        message: `${rule.from} is also on line ${earlier}: a file may name each address once`,
      };
    }
    seen.set(rule.from, line);
  }
  const result = await getDb().transaction(async (tx) => {
    await tx.execute(sql`lock table ${redirects} in share row exclusive mode`);
    const links = await allLinks(tx);
    const existing = new Map(links.map((link) => [link.from, link]));
    const working: RuleLink[] = [...links];
    for (const { line, rule } of rows) {
      const current = existing.get(rule.from);
      const problem = ruleProblem(working, rule, current?.id ?? null);
      if (problem) return { ok: false as const, line, ...problem };
      if (current) working.splice(working.indexOf(current), 1, { ...rule, id: current.id });
      else working.push({ ...rule });
    }
    let created = 0;
    let updated = 0;
    for (const { rule } of rows) {
      const current = existing.get(rule.from);
      const outcome = current
        ? await model.updateIn(tx, current.id, rule, actor, undefined, true)
        : await model.createIn(tx, rule, actor, true);
      if (!outcome || !("id" in outcome)) throw new Error(`The rule for ${rule.from} could not be written`);
      if (current) updated += 1;
      else created += 1;
    }
    return { ok: true as const, created, updated };
  });
  if (result.ok) await model.announce();
  return result;
}

// The 404 log: missing addresses counted in memory and written in batches.

/** The most recent paths kept; older ones are dropped at each flush. */
export const NOT_FOUND_LOG_CAP = 10_000;
/** Distinct paths held in memory before a flush is started early. */
const NOT_FOUND_BUFFER_FLUSH_AT = 2_000;
/** Beyond this many distinct paths waiting (a flush is slow or failing), new paths are not counted. */
const NOT_FOUND_BUFFER_MAX = 5_000;

interface PendingMiss {
  hits: number;
  firstAt: Date;
  lastAt: Date;
  referrerHost: string | null;
}

const pendingMisses = new Map<string, PendingMiss>();
let missFlush: Promise<unknown> | null = null;

/**
 * Counts a visit to a missing address (a normalised path, no query string) and the host of the page that
 * linked to it. Written by the next flush; a burst of new paths starts one early.
 */
export function recordNotFound(path: string, referrerHost: string | null, at = new Date()): void {
  const entry = pendingMisses.get(path);
  if (entry) {
    entry.hits += 1;
    entry.lastAt = at;
    if (referrerHost) entry.referrerHost = referrerHost;
    return;
  }
  if (pendingMisses.size >= NOT_FOUND_BUFFER_MAX) return;
  pendingMisses.set(path, { hits: 1, firstAt: at, lastAt: at, referrerHost });
  if (pendingMisses.size >= NOT_FOUND_BUFFER_FLUSH_AT && !missFlush) {
    missFlush = flushNotFoundLog()
      .catch((error: unknown) => console.error(`[404 log] could not be written: ${(error as Error).message}`))
      .finally(() => {
        missFlush = null;
      });
  }
}

/** Writes the counted misses (a few hundred rows a statement) and trims the log to its cap. */
export async function flushNotFoundLog(): Promise<number> {
  if (pendingMisses.size === 0) return 0;
  // A batch that fails is dropped, not retried: a log of misses is not worth holding memory for an absent
  // database.
  const waiting = [...pendingMisses];
  pendingMisses.clear();
  // An address that got a rule since it was counted is not missing any more.
  const rules = await redirectTable();
  const batch = waiting.filter(([path]) => !rules.has(path));
  for (let start = 0; start < batch.length; start += 500) {
    const rows = batch.slice(start, start + 500).map(([path, miss]) => ({
      path,
      hits: miss.hits,
      firstSeenAt: miss.firstAt,
      lastSeenAt: miss.lastAt,
      referrerHost: miss.referrerHost,
    }));
    await getDb()
      .insert(notFoundPaths)
      .values(rows)
      .onConflictDoUpdate({
        target: notFoundPaths.path,
        set: {
          hits: sql`${notFoundPaths.hits} + excluded.hits`,
          lastSeenAt: sql`greatest(${notFoundPaths.lastSeenAt}, excluded.last_seen_at)`,
          referrerHost: sql`coalesce(excluded.referrer_host, ${notFoundPaths.referrerHost})`,
        },
      });
  }
  await getDb().execute(sql`
      delete from ${notFoundPaths} where ${notFoundPaths.path} in (
        select ${notFoundPaths.path} from ${notFoundPaths}
        order by ${notFoundPaths.lastSeenAt} desc, ${notFoundPaths.path}
        offset ${NOT_FOUND_LOG_CAP})`);
  return waiting.length;
}

export type NotFoundEntry = typeof notFoundPaths.$inferSelect;

/** The most-visited missing addresses an operator has not set aside. */
export async function topNotFound(limit = 20): Promise<NotFoundEntry[]> {
  return getDb()
    .select()
    .from(notFoundPaths)
    .where(eq(notFoundPaths.ignored, false))
    .orderBy(sql`${notFoundPaths.hits} desc`, sql`${notFoundPaths.lastSeenAt} desc`)
    .limit(limit);
}

export async function countNotFound(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(notFoundPaths);
  return Number(row?.n ?? 0);
}

/** "Ignore": the address stays counted but leaves the list. */
export async function ignoreNotFound(path: string): Promise<boolean> {
  const rows = await getDb()
    .update(notFoundPaths)
    .set({ ignored: true })
    .where(and(eq(notFoundPaths.path, path), eq(notFoundPaths.ignored, false)))
    .returning({ path: notFoundPaths.path });
  return rows.length > 0;
}

/**
 * A page moved from `from` to `to` inside the caller's transaction (a published post whose slug changed):
 * the old address answers 301 to the new one, rules that sent visitors to the old address send them
 * straight to the new one (no chain grows), and a rule from the new address goes, since the page lives
 * there now. Each change is audited like an operator's.
 */
export async function pageMovedIn(tx: Tx, from: string, to: string, actor: Actor, note: string): Promise<void> {
  await tx.execute(sql.raw(`lock table "redirects" in share row exclusive mode`));
  const [shadowing] = await tx.select({ id: redirects.id }).from(redirects).where(eq(redirects.from, to));
  if (shadowing) await model.removeIn(tx, shadowing.id, actor, ": the page is there now");
  const pointing = await tx
    .select()
    .from(redirects)
    .where(and(eq(redirects.to, from), sql`${redirects.statusCode} <> 410`));
  for (const rule of pointing) {
    await model.updateIn(tx, rule.id, { from: rule.from, to, statusCode: rule.statusCode as RedirectWrite["statusCode"], note: rule.note, confirmShadow: true }, actor, undefined, true);
  }
  const [existing] = await tx.select().from(redirects).where(eq(redirects.from, from)).for("update");
  const rule = { from, to, statusCode: 301 as const, note };
  if (existing) {
    await model.updateIn(tx, existing.id, { ...rule, confirmShadow: true }, actor, undefined, true);
  } else {
    await model.createIn(tx, { ...rule, confirmShadow: true }, actor, true);
  }
}
