import { and, count, desc, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { contactMessages, notifications } from "~db/schema";
import type { ContactInput } from "~/schemas/contact";
import { pageWindow, type PageOf } from "~/utils/pagination";
import type { Actor } from "./actor";
import { recordAudit } from "./audit.server";
import { now } from "./clock.server";
import { getMessageSettings, recipientsFor } from "./message-settings.server";
import { notificationsOf, queueNotifications, wakeDelivery, type Notification } from "./notifications.server";

export type ContactMessage = typeof contactMessages.$inferSelect;

/**
 * Stores a visitor's message and its notifications (one per recipient the routing names) in one
 * transaction; resolves only once both are committed. Delivery happens after, never in the visitor's
 * request: this only wakes the delivery loop.
 */
export async function saveContactMessage(input: ContactInput): Promise<ContactMessage> {
  // Read before the transaction: on the embedded database the transaction holds the only connection.
  const recipients = recipientsFor(await getMessageSettings(), input.subject);
  const row = await getDb().transaction(async (tx) => {
    const [message] = await tx.insert(contactMessages).values({ ...input, receivedAt: now() }).returning();
    await queueNotifications(tx, message!.id, recipients);
    return message!;
  });
  wakeDelivery();
  return row;
}

const NEWEST_FIRST = [desc(contactMessages.receivedAt), desc(contactMessages.id)] as const;

/** One person's messages, by their address in any case (a subject access or erasure request). */
const fromAddress = (email: string): SQL => sql`lower(${contactMessages.email}) = ${email.trim().toLowerCase()}`;

/** Every message (or one person's), newest first, in memory: tests and small lists. */
export function listContactMessages(email?: string): Promise<ContactMessage[]> {
  const query = getDb().select().from(contactMessages);
  return (email === undefined ? query : query.where(fromAddress(email))).orderBy(...NEWEST_FIRST);
}

/**
 * Every message (or one person's), newest first, `size` at a time: the CSV export streams these, so its
 * memory stays flat however many messages there are. Each batch starts after the last row of the one
 * before (keyset, on the exact stored time and the id), so no row is read twice or skipped.
 */
export async function* contactMessageBatches(email?: string, size = 1000): AsyncGenerator<ContactMessage[]> {
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const conditions: SQL[] = [
      email === undefined ? undefined : fromAddress(email),
      after ? sql`(${contactMessages.receivedAt}, ${contactMessages.id}) < (${after.at}::timestamptz, ${after.id})` : undefined,
    ].filter((condition): condition is SQL => condition !== undefined);
    const batch: { message: ContactMessage; at: string }[] = await getDb()
      .select({ message: contactMessages, at: sql<string>`${contactMessages.receivedAt}::text` })
      .from(contactMessages)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(...NEWEST_FIRST)
      .limit(size);
    if (batch.length === 0) return;
    yield batch.map((row) => row.message);
    const last: { message: ContactMessage; at: string } = batch.at(-1)!;
    after = { at: last.at, id: last.message.id };
    if (batch.length < size) return;
  }
}

/** The inbox shows this many messages a page. */
export const MESSAGES_PER_PAGE = 50;

export type InboxMessage = ContactMessage & { notifications: Notification[] };

/** One page of the inbox (or of one person's messages), newest first, each with its notifications. */
export async function listContactMessagesPage(
  requested: number,
  options: { size?: number; email?: string } = {},
): Promise<PageOf<InboxMessage>> {
  const size = options.size ?? MESSAGES_PER_PAGE;
  const where = options.email === undefined ? undefined : fromAddress(options.email);
  const [counted] = await getDb().select({ n: count() }).from(contactMessages).where(where);
  const total = Number(counted?.n ?? 0);
  const { page, pageCount, offset, limit } = pageWindow(total, requested, size);
  const rows = await getDb().select().from(contactMessages).where(where).orderBy(...NEWEST_FIRST).limit(limit).offset(offset);
  const sent = await notificationsOf(rows.map((row) => row.id));
  return { items: rows.map((row) => ({ ...row, notifications: sent.get(row.id) ?? [] })), total, page, pageCount };
}

const validId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

export async function getContactMessage(id: number): Promise<InboxMessage | null> {
  if (!validId(id)) return null;
  const [row] = await getDb().select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!row) return null;
  return { ...row, notifications: (await notificationsOf([row.id])).get(row.id) ?? [] };
}

export async function setContactMessageRead(id: number, read: boolean): Promise<boolean> {
  if (!validId(id)) return false;
  const rows = await getDb()
    .update(contactMessages)
    .set({ readAt: read ? new Date() : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}

/**
 * Opening a message: marks it read the first time (the time it was first read is kept; opening it again
 * changes nothing). True when this call marked it.
 */
export async function markContactMessageOpened(id: number): Promise<boolean> {
  if (!validId(id)) return false;
  const rows = await getDb()
    .update(contactMessages)
    .set({ readAt: now() })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}

/** Deletes a message and its notifications; answers the ids of the notifications that went with it. */
export async function deleteContactMessage(id: number): Promise<{ notificationIds: number[] } | null> {
  if (!validId(id)) return null;
  return getDb().transaction(async (tx) => {
    const gone = await tx.delete(notifications).where(eq(notifications.messageId, id)).returning({ id: notifications.id });
    const rows = await tx.delete(contactMessages).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
    return rows.length > 0 ? { notificationIds: gone.map((row) => row.id) } : null;
  });
}

export async function countUnreadMessages(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return Number(row?.n ?? 0);
}

export async function countContactMessages(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(contactMessages);
  return Number(row?.n ?? 0);
}

/** What was removed, so that copies kept outside the database (a local site's .eml files) can go too. */
export interface Removed {
  messages: number;
  notificationIds: number[];
}

/**
 * Erases every message from one address and their notifications, at that person's request. The audit row
 * says who erased how many and when, and keeps neither the address nor anything the messages said.
 */
export async function eraseMessagesFrom(email: string, actor: Actor): Promise<Removed> {
  return getDb().transaction(async (tx) => {
    const ids = (await tx.select({ id: contactMessages.id }).from(contactMessages).where(fromAddress(email)).for("update")).map(
      (row) => row.id,
    );
    if (ids.length === 0) return { messages: 0, notificationIds: [] };
    const gone = await tx.delete(notifications).where(inArray(notifications.messageId, ids)).returning({ id: notifications.id });
    await tx.delete(contactMessages).where(inArray(contactMessages.id, ids));
    await recordAudit(tx, actor, {
      entity: "contact message",
      entityId: "erasure",
      action: "delete",
      summary: `Erased ${ids.length} message${ids.length === 1 ? "" : "s"} and their notifications at a person's request`,
    });
    return { messages: ids.length, notificationIds: gone.map((row) => row.id) };
  });
}

/**
 * The same day of the month `months` calendar months earlier, or that month's last day when it is shorter
 * (31 March less one month is 28 February, not 3 March): a message is never deleted before its time.
 */
export function monthsBefore(at: Date, months: number): Date {
  const cutoff = new Date(at);
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate();
  cutoff.setUTCDate(Math.min(day, lastDay));
  return cutoff;
}

/** Who the retention purge is recorded as in the audit log. */
export const RETENTION_ACTOR: Actor = { userId: null, email: "Retention (automatic)" };

/** Rows a purge deletes per statement, so that a large backlog never holds a long lock. */
const PURGE_BATCH = 1000;

/**
 * Deletes messages (and their notifications) received more than `months` months before `at`: the
 * retention the privacy policy states. Returns how many went; audited once per run that deleted any.
 */
export async function purgeExpiredMessages(months: number, at: Date = now()): Promise<Removed> {
  const cutoff = monthsBefore(at, months);
  const removed: Removed = { messages: 0, notificationIds: [] };
  for (;;) {
    const batch = await getDb().transaction(async (tx) => {
      const ids = (
        await tx
          .select({ id: contactMessages.id })
          .from(contactMessages)
          .where(lt(contactMessages.receivedAt, cutoff))
          .limit(PURGE_BATCH)
          .for("update", { skipLocked: true })
      ).map((row) => row.id);
      if (ids.length === 0) return null;
      const gone = await tx.delete(notifications).where(inArray(notifications.messageId, ids)).returning({ id: notifications.id });
      await tx.delete(contactMessages).where(inArray(contactMessages.id, ids));
      return { messages: ids.length, notificationIds: gone.map((row) => row.id) };
    });
    if (!batch) break;
    removed.messages += batch.messages;
    removed.notificationIds.push(...batch.notificationIds);
    if (batch.messages < PURGE_BATCH) break;
  }
  if (removed.messages > 0) {
    await recordAudit(getDb(), RETENTION_ACTOR, {
      entity: "contact message",
      entityId: "retention",
      action: "delete",
      summary: `Deleted ${removed.messages} message${removed.messages === 1 ? "" : "s"} received over ${months} months ago (retention)`,
    });
  }
  return removed;
}
