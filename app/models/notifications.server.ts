import crypto from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { contactMessages, notifications } from "../../db/schema";
import type { Actor } from "./actor";
import { recordAudit } from "./audit.server";
import { now } from "./clock.server";
import type { Tx } from "./versioned-records.server";

export type Notification = typeof notifications.$inferSelect;
export type ContactMessageRow = typeof contactMessages.$inferSelect;

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

export interface ClaimedNotification {
  id: number;
  recipient: string;
  attempts: number;
  firstAttemptAt: Date;
  claimToken: string;
  /** Null when the message was erased since the notification was queued: there is nothing to send. */
  message: ContactMessageRow | null;
}

/**
 * Claims up to `limit` notifications that are due, for `leaseMs`: rows another instance is claiming at the
 * same moment are skipped (FOR UPDATE SKIP LOCKED), and a claim that lapses (its instance died mid-send) is
 * taken up again. The claim is a short statement, not a transaction held open while the mail is sent.
 */
export async function claimDueNotifications(limit: number, leaseMs: number, at: Date = now()): Promise<ClaimedNotification[]> {
  const db = getDb();
  const token = crypto.randomUUID();
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
  const claimed = await db
    .update(notifications)
    .set({
      claimToken: token,
      claimedUntil: new Date(at.getTime() + leaseMs),
      attempts: sql`${notifications.attempts} + 1`,
      firstAttemptAt: sql`coalesce(${notifications.firstAttemptAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(inArray(notifications.id, due))
    .returning();
  if (claimed.length === 0) return [];
  const messageIds = [...new Set(claimed.map((row) => row.messageId))];
  const messages = await db
    .select()
    .from(contactMessages)
    .where(inArray(contactMessages.id, messageIds))
    .catch(async (error: unknown) => {
      // Claimed but not to be sent by this call: given back now rather than when the lease lapses.
      await releaseClaimedNotifications(claimed.map((row) => row.id), token).catch(() => {});
      throw error;
    });
  const byId = new Map(messages.map((message) => [message.id, message]));
  return claimed
    .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id)
    .map((row) => ({
      id: row.id,
      recipient: row.recipient,
      attempts: row.attempts,
      firstAttemptAt: row.firstAttemptAt ?? at,
      claimToken: token,
      message: byId.get(row.messageId) ?? null,
    }));
}

const released = { claimToken: null, claimedUntil: null } as const;
const claimedBy = (id: number, token: string) => and(eq(notifications.id, id), eq(notifications.claimToken, token));

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
 * Many mails of one claim accepted: one statement rather than one per row. Answers the ids recorded; an id
 * missing was no longer claimed by this token (its lease lapsed and another instance took it, or it was
 * erased meanwhile).
 */
export async function markNotificationsSent(ids: readonly number[], token: string, via: "smtp" | "file", at: Date = now()): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await getDb()
    .update(notifications)
    .set({ ...released, status: "sent", sentAt: at, deliveredVia: via, lastError: null })
    .where(and(inArray(notifications.id, [...ids]), eq(notifications.claimToken, token)))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

/**
 * Claimed rows that will not be sent under this claim (a statement failed on the way): due again at once
 * rather than when the lease lapses. Only rows not sent: one sent and not recorded keeps its lease.
 */
export async function releaseClaimedNotifications(ids: readonly number[], token: string): Promise<void> {
  if (ids.length === 0) return;
  await getDb()
    .update(notifications)
    .set(released)
    .where(and(inArray(notifications.id, [...ids]), eq(notifications.claimToken, token), eq(notifications.status, "queued")));
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
  for (const row of rows) grouped.set(row.messageId, [...(grouped.get(row.messageId) ?? []), row]);
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
