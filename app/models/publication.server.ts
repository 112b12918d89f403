import { and, eq, gt, min, ne, sql, type SQL } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { legalDocumentVersions, posts, roles } from "~db/schema";
import type { PublicationStatus } from "~/schemas/publication";
import { fromLondonLocal, londonIsoDate } from "~/utils/london-time";
import { now } from "./clock.server";
import { cached, expireContentAt } from "./content-cache.server";
import type { Tx } from "./versioned-records.server";

/** What posts and roles share: a status, the time asked for and the time visitors see it from. */
export interface Publication {
  status: PublicationStatus;
  publishAt: Date | null;
  publishedAt: Date | null;
}

/** How an editor's list names where a record stands. */
export type PublicationState = "draft" | "scheduled" | "published" | "closed";

/**
 * The publication columns a save writes. Publishing sets `publishedAt` to the time asked for, or keeps the
 * time it was first published, or takes now; a draft has none.
 */
export function publicationColumns(input: { status: PublicationStatus; publishAt: Date | null }, before?: Publication): Publication {
  if (input.status === "draft") return { status: "draft", publishAt: input.publishAt, publishedAt: null };
  const at = now();
  // Without a time: an edit of a live record keeps its first publication time; anything else goes live now.
  const kept = before?.status === "published" && before.publishedAt && before.publishedAt <= at ? before.publishedAt : null;
  const publishedAt = input.publishAt ?? kept ?? at;
  return { status: "published", publishAt: input.publishAt, publishedAt };
}

export function publicationState(row: Publication & { closesAt?: Date | null }, at: Date = now()): PublicationState {
  if (row.status !== "published" || !row.publishedAt) return "draft";
  if (row.publishedAt > at) return "scheduled";
  if (row.closesAt && row.closesAt <= at) return "closed";
  return "published";
}

/** Its publication time has come: live now, or (a role) live until it closed. No longer a draft in waiting. */
export function hasGoneLive(row: Publication, at: Date = now()): boolean {
  return row.status === "published" && row.publishedAt !== null && row.publishedAt <= at;
}

/** Visitors see it: published, its time has come, and (a role) not closed. */
export function isLive(row: Publication & { closesAt?: Date | null }, at: Date = now()): boolean {
  return publicationState(row, at) === "published";
}

/** SQL for "visitors see it now", for posts and roles. */
export function liveCondition(table: typeof posts | typeof roles, at: Date) {
  const published = and(eq(table.status, "published"), sql`${table.publishedAt} <= ${at.toISOString()}::timestamptz`);
  if (table === roles) return and(published, sql`(${roles.closesAt} is null or ${roles.closesAt} > ${at.toISOString()}::timestamptz)`);
  return published;
}

/** SQL for an editor's list filtered by where a post or role stands; no state, no filter (a post never closes). */
export function stateCondition(table: typeof posts | typeof roles, state: PublicationState | null | undefined, at: Date): SQL | undefined {
  const time = sql`${at.toISOString()}::timestamptz`;
  if (state === "draft") return eq(table.status, "draft");
  if (state === "scheduled") return and(eq(table.status, "published"), gt(table.publishedAt, time));
  if (state === "published") return liveCondition(table, at);
  if (state === "closed" && table === roles) return and(eq(roles.status, "published"), sql`${roles.closesAt} <= ${time}`);
  return undefined;
}

/** Whether another post (or role) than `id` already has this slug: a slug is one record's address. */
export async function slugTaken(tx: Tx, table: typeof posts | typeof roles, slug: string, id: number | null): Promise<boolean> {
  const [taken] = await tx
    .select({ id: table.id })
    .from(table)
    .where(id === null ? eq(table.slug, slug) : and(eq(table.slug, slug), ne(table.id, id)));
  return taken !== undefined;
}

/**
 * The next moment what visitors see changes without a write: a scheduled post or role going live, a role
 * closing, a legal version taking effect (at midnight in London).
 */
async function nextChange(at: Date): Promise<Date | null> {
  const after = at.toISOString();
  const db = getDb();
  const [[post], [role], [closing], [legal]] = await Promise.all([
    db.select({ t: min(posts.publishedAt) }).from(posts).where(and(eq(posts.status, "published"), gt(posts.publishedAt, sql`${after}::timestamptz`))),
    db.select({ t: min(roles.publishedAt) }).from(roles).where(and(eq(roles.status, "published"), gt(roles.publishedAt, sql`${after}::timestamptz`))),
    db.select({ t: min(roles.closesAt) }).from(roles).where(and(eq(roles.status, "published"), gt(roles.closesAt, sql`${after}::timestamptz`))),
    db.select({ d: min(legalDocumentVersions.effectiveDate) }).from(legalDocumentVersions).where(gt(legalDocumentVersions.effectiveDate, londonIsoDate(at))),
  ]);
  const times = [post?.t, role?.t, closing?.t].filter((t): t is Date => t instanceof Date || typeof t === "string").map((t) => new Date(t));
  const midnight = legal?.d ? fromLondonLocal(`${legal.d}T00:00`) : null;
  if (midnight) times.push(midnight);
  return times.length ? new Date(Math.min(...times.map((t) => t.getTime()))) : null;
}

/**
 * Called by every public publishing read: once per cache generation it finds the next scheduled change
 * and asks the content cache (and so the page cache) to empty itself then.
 */
export function watchSchedule(): Promise<unknown> {
  return cached("publishing:next-change", async () => {
    const next = await nextChange(now());
    if (next) expireContentAt(next, () => now().getTime());
    return next;
  });
}
