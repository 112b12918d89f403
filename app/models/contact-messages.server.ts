import { count, desc, eq, isNull } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { contactMessages } from "../../db/schema";
import type { ContactInput } from "~/schemas/contact";

export type ContactMessage = typeof contactMessages.$inferSelect;

/** Stores a visitor's message; resolves only once it is committed. */
export async function saveContactMessage(input: ContactInput): Promise<ContactMessage> {
  const [row] = await getDb().insert(contactMessages).values(input).returning();
  return row!;
}

export function listContactMessages(): Promise<ContactMessage[]> {
  return getDb().select().from(contactMessages).orderBy(desc(contactMessages.receivedAt), desc(contactMessages.id));
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
