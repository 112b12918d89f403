import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { notFoundPaths, redirects } from "~db/schema";
import {
  MAX_CHAIN,
  REDIRECT_MESSAGES,
  type RedirectInput,
  type RedirectStatusCode,
} from "~/schemas/redirect";
import { getConfig } from "~/server/config.server";
import { chainProblem, firstChainProblem, type RuleLink } from "~/utils/redirect-chains";
import { isSitePage } from "~/utils/site-paths";
import { writeBatches } from "~/utils/write-batches";
import type { Actor } from "./actor";
import { changedFields, recordAudits } from "./audit.server";
import { cached, cachedNow } from "./content-cache.server";
import { recordRevisions, snapshotOf, type RevisionWrite } from "./revisions.server";
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

// Hits are traffic, not the operator's content.
const UNVERSIONED = ["hits", "lastHitAt"];

function describeRule(rule: { from: string; to: string; statusCode: number }): string {
  return `${rule.from} → ${rule.statusCode === 410 ? "410 Gone" : rule.to}`;
}

const model = recordModel<Redirect, RedirectWrite>({
  table: redirects,
  entity: "redirect",
  collection: "redirects",
  unversioned: UNVERSIONED,
  // The rule was confirmed when it was first saved over a page.
  restoreInput: (values) => ({ ...(values as RedirectWrite), confirmShadow: true }),
  describe: describeRule,
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
 * other row adds a rule. The rows are checked together with the rules, in one pass over them all, so a loop
 * or long chain made between rows of the same file is found, and named by the line that completes it. The
 * writes go a few hundred rows a statement, each rule with its revision and audit row as a single write
 * leaves them.
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
    const current = await tx.select().from(redirects);
    const existing = new Map(current.map((rule) => [rule.from, rule]));
    const problem = importProblem(current, rows);
    if (problem) return { ok: false as const, ...problem };
    const creates = rows.filter(({ rule }) => !existing.has(rule.from)).map(({ rule }) => rule);
    const updates = rows.flatMap(({ rule }) => {
      const before = existing.get(rule.from);
      return before ? [{ before, rule }] : [];
    });
    await writeImport(tx, creates, updates, actor);
    return { ok: true as const, created: creates.length, updated: updates.length };
  });
  if (result.ok) await model.announce();
  return result;
}

/** The first row of a file that the other rules (and the rows before it) refuse, or null. */
function importProblem(
  current: readonly Redirect[],
  rows: readonly ImportRow[],
): { line: number; field: string; message: string } | null {
  // Every row's from is new or replaces the rule with that from, so none is taken.
  const shadow = rows.find(({ rule }) => isSitePage(rule.from) && !rule.confirmShadow);
  const ids = new Map(current.map((rule) => [rule.from, rule.id]));
  const chained = firstChainProblem(
    current,
    rows.map(({ line, rule }) => ({ ...rule, line, id: ids.get(rule.from) })),
    siteOrigin(),
    MAX_CHAIN,
  );
  if (shadow && (!chained || shadow.line < chained.line)) {
    return { line: shadow.line, field: "confirmShadow", message: REDIRECT_MESSAGES.shadowsPage(shadow.rule.from) };
  }
  if (!chained) return null;
  const { line, problem } = chained;
  const message =
    problem.kind === "loop" ? REDIRECT_MESSAGES.loop(problem.chain) : REDIRECT_MESSAGES.chain(problem.chain, MAX_CHAIN);
  return { line, field: "to", message };
}

/** Rules by id, read back after a bulk write (one array parameter, however many). */
async function rulesByIds(tx: Tx, ids: readonly number[]): Promise<Map<number, Redirect>> {
  const rows = await tx.select().from(redirects).where(sql`${redirects.id} = any(${sql.param(ids)}::int[])`);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * An import's new and replaced rules, with what each write leaves behind: revisions, audit rows, the 404
 * log. Each statement sends its rows as a few array parameters (unnest): PGlite takes far longer to
 * prepare a statement of thousands of parameters than to run it.
 */
async function writeImport(
  tx: Tx,
  creates: readonly RedirectWrite[],
  updates: readonly { before: Redirect; rule: RedirectWrite }[],
  actor: Actor,
): Promise<void> {
  const stored = (rule: Pick<Redirect, "from" | "to" | "statusCode" | "note">) => ({
    from: rule.from,
    to: rule.to,
    statusCode: rule.statusCode,
    note: rule.note,
  });
  const arrays = (rules: readonly RedirectWrite[]) => ({
    froms: sql.param(rules.map((rule) => rule.from)),
    tos: sql.param(rules.map((rule) => rule.to)),
    codes: sql.param(rules.map((rule) => rule.statusCode)),
    notes: sql.param(rules.map((rule) => rule.note)),
  });
  const revisions: RevisionWrite[] = [];
  const audits: Parameters<typeof recordAudits>[2][number][] = [];
  for (const batch of writeBatches(creates)) {
    const { froms, tos, codes, notes } = arrays(batch);
    const ids = (await tx.execute(sql`
      insert into ${redirects} (from_path, target, status_code, note)
      select * from unnest(${froms}::text[], ${tos}::text[], ${codes}::int[], ${notes}::text[])
      returning id`)) as unknown as { id: number }[];
    const written = await rulesByIds(tx, ids.map(({ id }) => Number(id)));
    for (const { id } of ids) {
      const row = written.get(Number(id));
      if (!row) throw new Error(`The rule with id ${id} could not be read back`);
      revisions.push({ entity: "redirect", entityId: row.id, version: row.version, values: snapshotOf(row, UNVERSIONED) });
      audits.push({
        entity: "redirect",
        entityId: row.id,
        action: "create",
        summary: `Created redirect "${describeRule(row)}"`,
        changes: { fields: Object.keys(stored(row)), version: row.version },
      });
    }
  }
  // Sized by the whole rule before and after: more than the statement sends, so on the safe side.
  for (const batch of writeBatches(updates)) {
    const { tos, codes, notes } = arrays(batch.map(({ rule }) => rule));
    const ids = batch.map(({ before }) => before.id);
    await tx.execute(sql`
      update ${redirects} set
        target = v.target, status_code = v.status_code, note = v.note,
        version = ${redirects.version} + 1, updated_at = now()
      from unnest(${sql.param(ids)}::int[], ${tos}::text[], ${codes}::int[], ${notes}::text[]) as v(id, target, status_code, note)
      where ${redirects.id} = v.id`);
    const written = await rulesByIds(tx, ids);
    for (const { before, rule } of batch) {
      const row = written.get(before.id);
      if (!row) throw new Error(`The rule for ${rule.from} could not be written`);
      revisions.push({
        entity: "redirect",
        entityId: row.id,
        version: row.version,
        values: snapshotOf(row, UNVERSIONED),
        before: { version: before.version, values: snapshotOf(before, UNVERSIONED), at: before.updatedAt },
      });
      audits.push({
        entity: "redirect",
        entityId: row.id,
        action: "update",
        summary: `Updated redirect "${describeRule(row)}"`,
        changes: { fields: changedFields(before, stored(rule)), version: row.version },
      });
    }
  }
  // Addresses that now have a rule are no longer missing.
  const froms = [...creates.map((rule) => rule.from), ...updates.map(({ rule }) => rule.from)];
  for (const batch of writeBatches(froms)) {
    await tx.delete(notFoundPaths).where(sql`${notFoundPaths.path} = any(${sql.param(batch)}::text[])`);
  }
  await recordRevisions(tx, actor, revisions);
  await recordAudits(tx, actor, audits);
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
