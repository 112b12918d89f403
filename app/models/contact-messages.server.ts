import { count, desc, eq, isNull } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { contactMessages } from "../../db/schema";
import type { ContactInput } from "~/schemas/contact";
import { pageWindow, type PageOf } from "~/utils/pagination";

export type ContactMessage = typeof contactMessages.$inferSelect;

/** Stores a visitor's message; resolves only once it is committed. */
export async function saveContactMessage(input: ContactInput): Promise<ContactMessage> {
  const [row] = await getDb().insert(contactMessages).values(input).returning();
  return row!;
}

const NEWEST_FIRST = [desc(contactMessages.receivedAt), desc(contactMessages.id)] as const;

/** Every message, newest first (the CSV export). */
export function listContactMessages(): Promise<ContactMessage[]> {
  return getDb().select().from(contactMessages).orderBy(...NEWEST_FIRST);
}

/** The inbox shows this many messages a page. */
export const MESSAGES_PER_PAGE = 50;

/** One page of the inbox, newest first; a page past the end shows the last. */
export async function listContactMessagesPage(requested: number, size = MESSAGES_PER_PAGE): Promise<PageOf<ContactMessage>> {
  const total = await countContactMessages();
  const { page, pageCount, offset, limit } = pageWindow(total, requested, size);
  const items = await getDb().select().from(contactMessages).orderBy(...NEWEST_FIRST).limit(limit).offset(offset);
  return { items, total, page, pageCount };
}

export async function getContactMessage(id: number): Promise<ContactMessage | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await getDb().select().from(contactMessages).where(eq(contactMessages.id, id));
  return row ?? null;
}

export async function setContactMessageRead(id: number, read: boolean): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return false;
  const rows = await getDb()
    .update(contactMessages)
    .set({ readAt: read ? new Date() : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}

export async function deleteContactMessage(id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return false;
  const rows = await getDb().delete(contactMessages).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
  return rows.length > 0;
}

export async function countUnreadMessages(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return Number(row?.n ?? 0);
}

export async function countContactMessages(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(contactMessages);
  return Number(row?.n ?? 0);
}
