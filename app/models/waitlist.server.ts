import crypto from "node:crypto";
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import { getDb, rows } from "~db/client.server";
import { notifications, waitlistEntries, WAITLIST_STATUSES } from "~db/schema";
import { getConfig } from "~/server/config.server";
import { slugify } from "~/utils/slug";
import { pageWindow, type PageOf } from "~/utils/pagination";
import type { Actor } from "./actor";
import { recordAudit } from "./audit.server";
import { now } from "./clock.server";
import { monthsBefore } from "./contact-messages.server";
import { queueWaitlistEmail, wakeDelivery } from "./notifications.server";
import { listProducts } from "./products.server";
import { hitRateLimit } from "./rate-limit.server";

export type WaitlistEntry = typeof waitlistEntries.$inferSelect;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
export { WAITLIST_STATUSES };

/** How an entry's status reads to operators. */
export const WAITLIST_STATUS_WORDS: Record<WaitlistStatus, string> = {
  pending: "pending",
  confirmed: "confirmed",
  unsubscribed: "unsubscribed",
};

/** A confirmation link works this long; a pending entry is deleted once it has passed. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60_000;
/** Confirmation e-mails one address is sent at most per window (a join past this is answered the same, and sends nothing). */
export const EMAILS_PER_ADDRESS = 3;
/** Joins one client may make per window. */
export const JOINS_PER_CLIENT = 10;

/** A platform one can join the waitlist of: a product whose badge is beta ("Beta (Waitlist)", "Waitlist"). */
export interface WaitlistPlatform {
  id: number;
  name: string;
  slug: string;
}

/** The platforms with a waitlist, in display order, read from the products store. */
export async function waitlistPlatforms(): Promise<WaitlistPlatform[]> {
  return (await listProducts())
    .filter((product) => product.badge === "beta")
    .map((product) => ({ id: product.id, name: product.name, slug: slugify(product.name) }));
}

/** The platforms named by id or slug; null when one of them has no waitlist. */
export async function resolvePlatforms(refs: readonly (string | number)[]): Promise<number[] | null> {
  const platforms = await waitlistPlatforms();
  const ids = new Set<number>();
  for (const ref of refs) {
    const text = String(ref).trim().toLowerCase();
    const found = platforms.find((platform) => String(platform.id) === text || platform.slug === text);
    if (!found) return null;
    ids.add(found.id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** The platform a `?platform=` names (id or slug), if it has a waitlist. */
export async function platformFromQuery(value: string | null): Promise<WaitlistPlatform | null> {
  if (!value) return null;
  const text = value.trim().toLowerCase();
  return (
    (await waitlistPlatforms()).find((platform) => String(platform.id) === text || platform.slug === text) ??
    null
  );
}

// --- tokens ----------------------------------------------------------------------------------------------

/**
 * The tokens of an entry's links are derived with an HMAC keyed by SESSION_SECRET from what makes them
 * unique (the address and the time the link was issued), so the outbox can put them in the e-mail when it
 * sends it; the database keeps only their SHA-256, which confirms or unsubscribes nobody.
 */
function derive(purpose: string, email: string, at: Date): string {
  return crypto
    .createHmac("sha256", getConfig().sessionSecret)
    .update(`waitlist:${purpose}:${email}:${at.getTime()}`)
    .digest("base64url");
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** The token of an entry's confirmation link (null when it has none: confirmed, or unsubscribed). */
export function confirmTokenOf(
  entry: Pick<WaitlistEntry, "email" | "confirmExpiresAt" | "confirmTokenHash">,
): string | null {
  if (!entry.confirmExpiresAt || !entry.confirmTokenHash) return null;
  return derive("confirm", entry.email, entry.confirmExpiresAt);
}

/** The token of an entry's unsubscribe link: the same for its life. */
export function unsubscribeTokenOf(entry: Pick<WaitlistEntry, "email" | "createdAt">): string {
  return derive("unsubscribe", entry.email, entry.createdAt);
}

const normalise = (email: string) => email.trim().toLowerCase();

// --- visitors --------------------------------------------------------------------------------------------

export type JoinOutcome = "created" | "resent" | "unchanged" | "rejoined" | "throttled";

/**
 * A visitor joins (or joins again). Never a second entry for one address: a pending one gets a fresh
 * confirmation e-mail (at most EMAILS_PER_ADDRESS per window), a confirmed one only adds the platforms, an
 * unsubscribed one is pending again and must confirm. The caller answers the same whatever this returns.
 */
export async function joinWaitlist(input: {
  email: string;
  firstName: string | null;
  platforms: number[];
}): Promise<JoinOutcome> {
  const email = normalise(input.email);
  const at = now();
  const expires = new Date(at.getTime() + CONFIRM_TTL_MS);
  const { windowSeconds } = getConfig().rateLimits.contact;
  // Counted before the transaction (on the embedded database the transaction holds the only connection),
  // and only for a join that sends an e-mail: a confirmed address is sent nothing.
  const [known] = await getDb()
    .select({ status: waitlistEntries.status })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.email, email));
  const limit =
    known?.status === "confirmed"
      ? { allowed: true }
      : await hitRateLimit(`waitlistEmail:${email}`, EMAILS_PER_ADDRESS, windowSeconds);
  const outcome = await getDb().transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.email, email))
      .for("update");
    const fresh = {
      confirmExpiresAt: expires,
      confirmTokenHash: hashToken(derive("confirm", email, expires)),
    };
    if (!existing) {
      const [row] = await tx
        .insert(waitlistEntries)
        .values({
          email,
          firstName: input.firstName,
          platforms: input.platforms,
          status: "pending",
          ...fresh,
          unsubscribeTokenHash: hashToken(derive("unsubscribe", email, at)),
          createdAt: at,
        })
        .onConflictDoNothing()
        .returning();
      // Another request for the same address won the race: that one sends the e-mail.
      if (!row) return "unchanged" as const;
      await queueWaitlistEmail(tx, row.id, email);
      return "created" as const;
    }
    const platforms = [
      ...new Set([...(existing.status === "unsubscribed" ? [] : existing.platforms), ...input.platforms]),
    ].sort((a, b) => a - b);
    const firstName = input.firstName ?? existing.firstName;
    if (existing.status === "confirmed") {
      await tx
        .update(waitlistEntries)
        .set({ platforms, firstName })
        .where(eq(waitlistEntries.id, existing.id));
      return "unchanged" as const;
    }
    if (!limit.allowed) return "throttled" as const;
    await tx
      .delete(notifications)
      .where(and(eq(notifications.waitlistEntryId, existing.id), eq(notifications.status, "queued")));
    await tx
      .update(waitlistEntries)
      .set({
        platforms,
        firstName,
        status: "pending",
        ...fresh,
        confirmedAt: null,
        unsubscribedAt: null,
        invitedAt: null,
      })
      .where(eq(waitlistEntries.id, existing.id));
    await queueWaitlistEmail(tx, existing.id, email);
    return existing.status === "unsubscribed" ? ("rejoined" as const) : ("resent" as const);
  });
  if (outcome !== "unchanged" && outcome !== "throttled") wakeDelivery();
  return outcome;
}

/** Counts one join from a client address: false once it has made JOINS_PER_CLIENT in the window. */
export async function allowJoinFrom(
  clientSubject: string,
): Promise<{ allowed: boolean; retryAfter: number }> {
  const { windowSeconds } = getConfig().rateLimits.contact;
  return hitRateLimit(`waitlist:${clientSubject}`, JOINS_PER_CLIENT, windowSeconds);
}

/** The pending entry a confirmation token names, if the link still works. */
export async function entryToConfirm(token: string): Promise<WaitlistEntry | null> {
  const [row] = await getDb()
    .select()
    .from(waitlistEntries)
    .where(
      and(eq(waitlistEntries.confirmTokenHash, hashToken(token)), eq(waitlistEntries.status, "pending")),
    );
  if (!row || !row.confirmExpiresAt || row.confirmExpiresAt.getTime() <= now().getTime()) return null;
  return row;
}

/** Confirms the entry once; false when the link is unknown, used or expired. */
export async function confirmWaitlist(token: string): Promise<boolean> {
  const at = now();
  const updated = await getDb()
    .update(waitlistEntries)
    .set({ status: "confirmed", confirmedAt: at, confirmTokenHash: null, confirmExpiresAt: null })
    .where(
      and(
        eq(waitlistEntries.confirmTokenHash, hashToken(token)),
        eq(waitlistEntries.status, "pending"),
        sql`${waitlistEntries.confirmExpiresAt} > ${at.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: waitlistEntries.id });
  return updated.length > 0;
}

/** Unsubscribes at once and for good (until the address joins and confirms again); false for an unknown token. */
export async function unsubscribeWaitlist(token: string): Promise<boolean> {
  const hash = hashToken(token);
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.unsubscribeTokenHash, hash))
      .for("update");
    if (!row) return false;
    if (row.status !== "unsubscribed") {
      await tx
        .update(waitlistEntries)
        .set({
          status: "unsubscribed",
          unsubscribedAt: now(),
          confirmTokenHash: null,
          confirmExpiresAt: null,
        })
        .where(eq(waitlistEntries.id, row.id));
    }
    // Nothing more is sent: a confirmation still waiting in the outbox goes.
    await tx
      .delete(notifications)
      .where(and(eq(notifications.waitlistEntryId, row.id), eq(notifications.status, "queued")));
    return true;
  });
}

// --- housekeeping ----------------------------------------------------------------------------------------

export interface WaitlistRemoved {
  entries: number;
  notificationIds: number[];
}

async function removeEntries(where: SQL): Promise<WaitlistRemoved> {
  return getDb().transaction(async (tx) => {
    const ids = (
      await tx.select({ id: waitlistEntries.id }).from(waitlistEntries).where(where).for("update")
    ).map((row) => row.id);
    if (ids.length === 0) return { entries: 0, notificationIds: [] };
    const gone = await tx
      .delete(notifications)
      .where(inArray(notifications.waitlistEntryId, ids))
      .returning({ id: notifications.id });
    await tx.delete(waitlistEntries).where(inArray(waitlistEntries.id, ids));
    return { entries: ids.length, notificationIds: gone.map((row) => row.id) };
  });
}

/**
 * The periodic purge: pending entries whose confirmation link expired (7 days), and unsubscribed entries
 * `retentionMonths` after they unsubscribed (the retention setting of personal data).
 */
export async function purgeWaitlist(retentionMonths: number, at: Date = now()): Promise<WaitlistRemoved> {
  const cutoff = monthsBefore(at, retentionMonths);
  return removeEntries(
    sql`(${waitlistEntries.status} = 'pending' and ${waitlistEntries.confirmExpiresAt} <= ${at.toISOString()}::timestamptz)
      or (${waitlistEntries.status} = 'unsubscribed' and ${waitlistEntries.unsubscribedAt} < ${cutoff.toISOString()}::timestamptz)`,
  );
}

/** A person's entry, by address in any case: the personal-data tools. */
export async function findWaitlistEntry(email: string): Promise<WaitlistEntry | null> {
  const [row] = await getDb()
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.email, normalise(email)));
  return row ?? null;
}

/** Erases a person's entry and its e-mails at their request; audited without the address. */
export async function eraseWaitlistEntry(email: string, actor: Actor): Promise<WaitlistRemoved> {
  const removed = await removeEntries(eq(waitlistEntries.email, normalise(email)));
  if (removed.entries > 0) {
    await recordAudit(getDb(), actor, {
      entity: "waitlist entry",
      entityId: "erasure",
      action: "delete",
      summary: "Erased a waitlist entry and its e-mails at a person's request",
    });
  }
  return removed;
}

// --- operators -------------------------------------------------------------------------------------------

export interface PlatformCounts extends WaitlistPlatform {
  pending: number;
  confirmed: number;
  unsubscribed: number;
  invited: number;
}

export interface WaitlistSummary {
  platforms: PlatformCounts[];
  /** Sign-ups per week (the Monday it starts, UTC), oldest first: the last 12 weeks with any. */
  weeks: { week: string; signUps: number }[];
}

export async function waitlistSummary(): Promise<WaitlistSummary> {
  const platforms = await waitlistPlatforms();
  const counted = await rows<{
    platform: number;
    status: WaitlistStatus;
    invited: boolean;
    n: number | string;
  }>(
    getDb(),
    sql`select p as platform, status, invited_at is not null as invited, count(*) as n
        from waitlist_entries, unnest(platforms) as p group by p, status, invited_at is not null`,
  );
  const byPlatform = platforms.map((platform) => {
    const mine = counted.filter((row) => Number(row.platform) === platform.id);
    const sum = (test: (row: (typeof mine)[number]) => boolean) =>
      mine.filter(test).reduce((total, row) => total + Number(row.n), 0);
    return {
      ...platform,
      pending: sum((row) => row.status === "pending"),
      confirmed: sum((row) => row.status === "confirmed"),
      unsubscribed: sum((row) => row.status === "unsubscribed"),
      invited: sum((row) => row.invited === true && row.status === "confirmed"),
    };
  });
  const weeks = await rows<{ week: string; n: number | string }>(
    getDb(),
    sql`select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*) as n
        from waitlist_entries group by 1 order by 1 desc limit 12`,
  );
  return {
    platforms: byPlatform,
    weeks: weeks.map((row) => ({ week: row.week, signUps: Number(row.n) })).reverse(),
  };
}

export interface WaitlistFilter {
  search?: string | null;
  platform?: number | null;
  status?: WaitlistStatus | null;
}

function filterOf(filter: WaitlistFilter): SQL | undefined {
  const conditions = [
    filter.search
      ? ilike(
          waitlistEntries.email,
          `%${filter.search
            .trim()
            .toLowerCase()
            .replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
        )
      : undefined,
    filter.platform ? sql`${filter.platform}::integer = any(${waitlistEntries.platforms})` : undefined,
    filter.status ? eq(waitlistEntries.status, filter.status) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  return conditions.length ? and(...conditions) : undefined;
}

export const WAITLIST_PER_PAGE = 50;

/** One page of entries, newest first. */
export async function listWaitlistPage(
  requested: number,
  filter: WaitlistFilter = {},
  size = WAITLIST_PER_PAGE,
): Promise<PageOf<WaitlistEntry>> {
  const where = filterOf(filter);
  const [counted] = await getDb().select({ n: count() }).from(waitlistEntries).where(where);
  const total = Number(counted?.n ?? 0);
  const { page, pageCount, offset, limit } = pageWindow(total, requested, size);
  const items = await getDb()
    .select()
    .from(waitlistEntries)
    .where(where)
    .orderBy(desc(waitlistEntries.createdAt), desc(waitlistEntries.id))
    .limit(limit)
    .offset(offset);
  return { items, total, page, pageCount };
}

/** Every entry matching, oldest first: the CSV export and the API. */
export function listWaitlistEntries(filter: WaitlistFilter = {}): Promise<WaitlistEntry[]> {
  return getDb()
    .select()
    .from(waitlistEntries)
    .where(filterOf(filter))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
}

/** "Mark invited": the confirmed entries among `ids` get an invitation time (kept if they had one). */
export async function markInvited(ids: readonly number[], actor: Actor): Promise<number> {
  const valid = ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  if (valid.length === 0) return 0;
  return getDb().transaction(async (tx) => {
    const marked = await tx
      .update(waitlistEntries)
      .set({ invitedAt: now() })
      .where(
        and(
          inArray(waitlistEntries.id, valid),
          eq(waitlistEntries.status, "confirmed"),
          sql`${waitlistEntries.invitedAt} is null`,
        ),
      )
      .returning({ id: waitlistEntries.id });
    if (marked.length > 0) {
      await recordAudit(tx, actor, {
        entity: "waitlist entry",
        entityId: marked.length === 1 ? marked[0]!.id : "invited",
        action: "update",
        summary: `Marked ${marked.length} waitlist entr${marked.length === 1 ? "y" : "ies"} invited`,
      });
    }
    return marked.length;
  });
}
