import crypto from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { contactMessages, notifications, reviewDigests, waitlistEntries } from "~db/schema";
import type { Actor } from "./actor";
import { recordAudit } from "./audit.server";
import { now } from "./clock.server";
import type { Tx } from "./versioned-records.server";

export type Notification = typeof notifications.$inferSelect;
export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
export type ReviewDigestRow = typeof reviewDigests.$inferSelect;

/** Announced on commit of a new notification, so that every instance's delivery loop wakes at once. */
export const OUTBOX_CHANNEL = "kestrel_outbox";

/** Retries end this long after the first attempt; the row is then shown as failed. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

let waker: (() => void) | undefined;

/** The delivery loop of this instance registers here; a new notification wakes it without a poll. */
export function setDeliveryWaker(wake: (() => void) | undefined): void {
  waker = wake;
}

/** Tells this instance's delivery loop that there is something to send (other instances hear the NOTIFY). */
export function wakeDelivery(): void {
  waker?.();
}

/**
 * One notification per recipient of a message, in the transaction that stores the message: both commit, or
 * neither. The NOTIFY is delivered when the transaction commits.
 */
export async function queueNotifications(tx: Tx, messageId: number, recipients: readonly string[]): Promise<void> {
  if (recipients.length === 0) return;
  const at = now();
  await tx.insert(notifications).values(recipients.map((recipient) => ({ messageId, recipient, nextAttemptAt: at, createdAt: at })));
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/** A waitlist entry's confirmation e-mail, in the transaction that makes or renews the entry. */
export async function queueWaitlistEmail(tx: Tx, waitlistEntryId: number, recipient: string): Promise<void> {
  const at = now();
  await tx.insert(notifications).values({ waitlistEntryId, recipient, nextAttemptAt: at, createdAt: at });
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

export interface ClaimedNotification {
  id: number;
  recipient: string;
  attempts: number;
  firstAttemptAt: Date;
  claimToken: string;
  /** When the claim lapses: after this, another instance may take the row up. */
  claimedUntil: Date;
  /** Null when the message was erased since the notification was queued: there is nothing to send. */
  message: ContactMessageRow | null;
  /** The waitlist entry of a confirmation e-mail (then `message` is null); null if erased meanwhile. */
  waitlistEntry?: WaitlistEntryRow | null;
  /** The weekly digest of reviews due of a digest e-mail (then `message` is null). */
  reviewDigest?: ReviewDigestRow | null;
}

/** A claimed row as its claim names it: only the claim that holds it may record its outcome. */
export type Claim = Pick<ClaimedNotification, "id" | "claimToken">;

/**
 * Claims up to `limit` notifications that are due, for `leaseMs`, with their messages: rows another instance
 * is claiming at the same moment are skipped (FOR UPDATE SKIP LOCKED), and a claim that lapses (its
 * instance died mid-send) is taken up again. One short statement, not a transaction held open while the
 * mail is sent, and one wait in the database's queue: on a busy site (and on the embedded database's one
 * connection) that wait, not the statement, is what a claim costs.
 */
export async function claimDueNotifications(limit: number, leaseMs: number, at: Date = now()): Promise<ClaimedNotification[]> {
  const db = getDb();
  const token = crypto.randomUUID();
  const claimedUntil = new Date(at.getTime() + leaseMs);
  const due = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.status, "queued"),
        lte(notifications.nextAttemptAt, at),
        or(isNull(notifications.claimedUntil), lt(notifications.claimedUntil, at)),
      ),
    )
    .orderBy(asc(notifications.nextAttemptAt), asc(notifications.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = db.$with("claimed").as(
    db
      .update(notifications)
      .set({
        claimToken: token,
        claimedUntil,
        attempts: sql`${notifications.attempts} + 1`,
        firstAttemptAt: sql`coalesce(${notifications.firstAttemptAt}, ${at.toISOString()}::timestamptz)`,
      })
      .where(inArray(notifications.id, due))
      .returning({
        id: notifications.id,
        messageId: notifications.messageId,
        waitlistEntryId: notifications.waitlistEntryId,
        reviewDigestId: notifications.reviewDigestId,
        recipient: notifications.recipient,
        attempts: notifications.attempts,
        firstAttemptAt: notifications.firstAttemptAt,
        nextAttemptAt: notifications.nextAttemptAt,
      }),
  );
  const rows = await db
    .with(claimed)
    .select({
      id: claimed.id,
      recipient: claimed.recipient,
      attempts: claimed.attempts,
      firstAttemptAt: claimed.firstAttemptAt,
      message: contactMessages,
      waitlistEntry: waitlistEntries,
      reviewDigest: reviewDigests,
    })
    .from(claimed)
    .leftJoin(contactMessages, eq(contactMessages.id, claimed.messageId))
    .leftJoin(waitlistEntries, eq(waitlistEntries.id, claimed.waitlistEntryId))
    .leftJoin(reviewDigests, eq(reviewDigests.id, claimed.reviewDigestId))
    .orderBy(asc(claimed.nextAttemptAt), asc(claimed.id));
  return rows.map((row) => ({
    id: row.id,
    recipient: row.recipient,
    attempts: row.attempts,
    firstAttemptAt: row.firstAttemptAt ?? at,
    claimToken: token,
    claimedUntil,
    message: row.message,
    waitlistEntry: row.waitlistEntry,
    reviewDigest: row.reviewDigest,
  }));
}

const released = { claimToken: null, claimedUntil: null } as const;
const claimedBy = (id: number, token: string) => and(eq(notifications.id, id), eq(notifications.claimToken, token));
/** The rows of these claims that are still theirs (one claim may have lapsed and been taken up meanwhile). */
const stillClaimed = (claims: readonly Claim[]) =>
  sql`(${notifications.id}, ${notifications.claimToken}) in (${sql.join(
    claims.map((claim) => sql`(${claim.id}::integer, ${claim.claimToken}::text)`),
    sql`, `,
  )})`;

/** The mail was accepted (or written to its file). False when the claim was no longer this instance's. */
export async function markNotificationSent(id: number, token: string, via: "smtp" | "file", at: Date = now()): Promise<boolean> {
  const rows = await getDb()
    .update(notifications)
    .set({ ...released, status: "sent", sentAt: at, deliveredVia: via, lastError: null })
    .where(claimedBy(id, token))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/**
 * Many accepted mails, of one claim or several: one statement rather than one per row. Answers the ids
 * recorded; an id missing was no longer claimed by its token (its lease lapsed and another instance took
 * it, or it was erased meanwhile).
 */
export async function markNotificationsSent(claims: readonly Claim[], via: "smtp" | "file", at: Date = now()): Promise<number[]> {
  if (claims.length === 0) return [];
  const rows = await getDb()
    .update(notifications)
    .set({ ...released, status: "sent", sentAt: at, deliveredVia: via, lastError: null })
    .where(stillClaimed(claims))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

/**
 * Claimed rows that will not be sent under their claims (a statement failed on the way, the instance is
 * stopping, or a lease is too near its end to start a send): due again at once rather than when the lease
 * lapses. Only rows not sent: one sent and not recorded keeps its lease.
 */
export async function releaseClaimedNotifications(claims: readonly Claim[]): Promise<void> {
  if (claims.length === 0) return;
  await getDb()
    .update(notifications)
    .set(released)
    .where(and(stillClaimed(claims), eq(notifications.status, "queued")));
}

/** A failure that may pass (the server down, a 4xx answer): tried again at `retryAt`. */
export async function markNotificationRetry(id: number, token: string, error: string, retryAt: Date): Promise<boolean> {
  const rows = await getDb()
    .update(notifications)
    .set({ ...released, lastError: error.slice(0, 1000), nextAttemptAt: retryAt })
    .where(claimedBy(id, token))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** A failure that will not pass (the recipient refused for good), or retries given up after 24 hours. */
export async function markNotificationFailed(id: number, token: string, error: string): Promise<boolean> {
  const rows = await getDb()
    .update(notifications)
    .set({ ...released, status: "failed", lastError: error.slice(0, 1000) })
    .where(claimedBy(id, token))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Whether a notification is still kept (not erased, purged or deleted with its message). */
export async function notificationExists(id: number): Promise<boolean> {
  const [row] = await getDb().select({ id: notifications.id }).from(notifications).where(eq(notifications.id, id));
  return row !== undefined;
}

/** A claimed row whose message was erased meanwhile: nothing to send, nothing to keep. */
export async function dropClaimedNotification(id: number, token: string): Promise<void> {
  await getDb().delete(notifications).where(claimedBy(id, token));
}

/**
 * When the next queued notification falls due (a lapsed claim counts from its lapse), or null when nothing
 * is queued: the delivery loop sleeps until then.
 */
export async function nextNotificationDueAt(): Promise<Date | null> {
  const [row] = await getDb()
    .select({
      at: sql<string | null>`min(greatest(${notifications.nextAttemptAt}, coalesce(${notifications.claimedUntil}, ${notifications.nextAttemptAt})))`,
    })
    .from(notifications)
    .where(eq(notifications.status, "queued"));
  return row?.at ? new Date(row.at) : null;
}

/** Every notification of these messages, oldest first: the inbox shows their state. */
export async function notificationsOf(messageIds: readonly number[]): Promise<Map<number, Notification[]>> {
  const grouped = new Map<number, Notification[]>();
  if (messageIds.length === 0) return grouped;
  const rows = await getDb()
    .select()
    .from(notifications)
    .where(inArray(notifications.messageId, [...messageIds]))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  for (const row of rows) if (row.messageId !== null) grouped.set(row.messageId, [...(grouped.get(row.messageId) ?? []), row]);
  return grouped;
}

/**
 * "Resend": the message's notification queued again for `recipients` (the routing as it is now), except
 * for anyone who still has one waiting. Returns how many were queued; null when the message is gone.
 */
export async function resendNotifications(messageId: number, recipients: readonly string[], actor: Actor): Promise<number | null> {
  const queued = await getDb().transaction(async (tx) => {
    const [message] = await tx.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.id, messageId)).for("key share");
    if (!message) return null;
    const waiting = await tx
      .select({ recipient: notifications.recipient })
      .from(notifications)
      .where(and(eq(notifications.messageId, messageId), eq(notifications.status, "queued")));
    const pending = new Set(waiting.map((row) => row.recipient));
    const fresh = recipients.filter((recipient) => !pending.has(recipient));
    await queueNotifications(tx, messageId, fresh);
    await recordAudit(tx, actor, {
      entity: "contact message",
      entityId: messageId,
      action: "update",
      summary: `Queued the notification of message ${messageId} again (${fresh.length} recipient${fresh.length === 1 ? "" : "s"})`,
    });
    return fresh.length;
  });
  if (queued) wakeDelivery();
  return queued;
}
