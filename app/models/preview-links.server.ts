import crypto from "node:crypto";
import { and, desc, eq, gt, lte, sql } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { previewLinks } from "~db/schema";
import type { Actor } from "./actor";
import { recordAudit } from "./audit.server";
import { now } from "./clock.server";
import { hasGoneLive, type Publication } from "./publication.server";
import type { Tx } from "./versioned-records.server";

export type PreviewKind = "post" | "role";
export type PreviewLink = Omit<typeof previewLinks.$inferSelect, "tokenHash">;

export const PREVIEW_LINK_DAYS = 7;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/**
 * A link for someone who does not sign in: a random token (256 bits) that only this call ever sees;
 * the database keeps its hash, so a copy of the table opens nothing.
 */
export async function createPreviewLink(
  kind: PreviewKind,
  recordId: number,
  actor: Actor,
  days = PREVIEW_LINK_DAYS,
): Promise<{ token: string; link: PreviewLink }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now().getTime() + days * 24 * 60 * 60_000);
  const link = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(previewLinks)
      .values({ tokenHash: hashOf(token), kind, recordId, createdBy: actor.email, expiresAt })
      .returning();
    await recordAudit(tx, actor, { entity: kind, entityId: recordId, action: "update", summary: `Created a preview link for ${kind} ${recordId}, expiring ${expiresAt.toISOString()}` });
    return row!;
  });
  const { tokenHash: _hash, ...shown } = link;
  return { token, link: shown };
}

/** The links of a record that still work, newest first. */
export async function listPreviewLinks(kind: PreviewKind, recordId: number): Promise<PreviewLink[]> {
  return getDb()
    .select({
      id: previewLinks.id,
      kind: previewLinks.kind,
      recordId: previewLinks.recordId,
      createdBy: previewLinks.createdBy,
      expiresAt: previewLinks.expiresAt,
      createdAt: previewLinks.createdAt,
    })
    .from(previewLinks)
    .where(and(eq(previewLinks.kind, kind), eq(previewLinks.recordId, recordId), gt(previewLinks.expiresAt, sql`${now().toISOString()}::timestamptz`)))
    .orderBy(desc(previewLinks.createdAt));
}

/** Revokes one link of a record; false when there was none. */
export async function deletePreviewLink(kind: PreviewKind, recordId: number, linkId: number, actor: Actor): Promise<boolean> {
  if (!Number.isSafeInteger(linkId) || linkId < 1 || linkId > 2_147_483_647) return false;
  return getDb().transaction(async (tx) => {
    const removed = await tx
      .delete(previewLinks)
      .where(and(eq(previewLinks.id, linkId), eq(previewLinks.kind, kind), eq(previewLinks.recordId, recordId)))
      .returning({ id: previewLinks.id });
    if (!removed.length) return false;
    await recordAudit(tx, actor, { entity: kind, entityId: recordId, action: "update", summary: `Revoked a preview link for ${kind} ${recordId}` });
    return true;
  });
}

/** The record a token opens, or null: unknown, expired, revoked, or for another kind of record. */
export async function resolvePreviewToken(kind: PreviewKind, token: string): Promise<number | null> {
  if (!TOKEN.test(token)) return null;
  const at = now();
  const [link] = await getDb()
    .select({ recordId: previewLinks.recordId, expiresAt: previewLinks.expiresAt })
    .from(previewLinks)
    .where(and(eq(previewLinks.tokenHash, hashOf(token)), eq(previewLinks.kind, kind)));
  if (!link || link.expiresAt <= at) return null;
  return link.recordId;
}

/**
 * A link works only while its record has been a draft (or scheduled) without a break since the link was
 * made. Going live by schedule writes nothing, so the next write of the record does it: called in every
 * post and role write's transaction, this deletes the record's links when the record is past its
 * publication time now or was just before the write (live, or a role live until it closed), whether the
 * write publishes, edits, reschedules or unpublishes it.
 */
export async function endPreviewLinksOnceLive(tx: Tx, kind: PreviewKind, after: Publication & { id: number }, before?: Publication): Promise<void> {
  const at = now();
  if (!hasGoneLive(after, at) && !(before && hasGoneLive(before, at))) return;
  await deleteRecordPreviewLinks(tx, kind, after.id);
}

/** Every link to one record (a deleted record's: they would open nothing). */
export async function deleteRecordPreviewLinks(tx: Tx, kind: PreviewKind, recordId: number): Promise<void> {
  await tx.delete(previewLinks).where(and(eq(previewLinks.kind, kind), eq(previewLinks.recordId, recordId)));
}

/** Expired links, removed now and then (they already open nothing). */
export async function purgeExpiredPreviewLinks(): Promise<number> {
  const removed = await getDb()
    .delete(previewLinks)
    .where(lte(previewLinks.expiresAt, sql`${now().toISOString()}::timestamptz`))
    .returning({ id: previewLinks.id });
  return removed.length;
}
