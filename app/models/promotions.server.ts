import crypto from "node:crypto";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { approvalSettings, promotionRecords, promotionVersions, PROMOTION_COLLECTIONS } from "~db/schema";
import type { Actor } from "./actor";
import { recordAudit } from "./audit.server";

/**
 * Financial promotions (issue 42): the setting that makes a save wait for approval, the pending versions,
 * and the register of decisions (immutable: the database refuses UPDATE and DELETE on it).
 */

export type PromotionCollection = (typeof PROMOTION_COLLECTIONS)[number];
export type PromotionVersion = typeof promotionVersions.$inferSelect;
export type PromotionRecord = typeof promotionRecords.$inferSelect;

/** Every record type that is a financial promotion, as its API path names it. */
export const PROMOTION_COLLECTION_NAMES: readonly PromotionCollection[] = PROMOTION_COLLECTIONS;

export function isPromotionCollection(name: string): name is PromotionCollection {
  return (PROMOTION_COLLECTIONS as readonly string[]).includes(name);
}

export async function approvalRequired(): Promise<boolean> {
  const [row] = await getDb().select({ required: approvalSettings.required }).from(approvalSettings);
  return row?.required ?? false;
}

export async function readApprovalSetting(): Promise<{ required: boolean; version: number }> {
  const [row] = await getDb().select().from(approvalSettings);
  return { required: row?.required ?? false, version: row?.version ?? 0 };
}

/** Turns the approval of financial promotions on or off (admins only, audited). */
export async function setApprovalRequired(required: boolean, actor: Actor): Promise<{ required: boolean; version: number }> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(approvalSettings)
      .values({ id: 1, required })
      .onConflictDoUpdate({
        target: approvalSettings.id,
        set: { required, version: sql`${approvalSettings.version} + 1`, updatedAt: sql`now()` },
      })
      .returning();
    await recordAudit(tx, actor, {
      entity: "approval settings",
      entityId: 1,
      action: "update",
      summary: required ? "Financial promotions now need approval" : "Financial promotions no longer need approval",
      changes: { fields: ["required"], version: row!.version },
    });
    return { required: row!.required, version: row!.version };
  });
}

/**
 * A change to a promotion, kept until an approver decides; an earlier pending change to the same record is
 * superseded by it (the approver sees the newest).
 */
export async function submitPromotionVersion(
  change: { collection: PromotionCollection; recordId: number | null; baseVersion: number | null; values: Record<string, unknown>; label: string },
  actor: Actor,
): Promise<PromotionVersion> {
  return getDb().transaction(async (tx) => {
    if (change.recordId !== null) {
      await tx
        .update(promotionVersions)
        .set({ status: "superseded", decidedAt: sql`now()` })
        .where(
          and(
            eq(promotionVersions.collection, change.collection),
            eq(promotionVersions.recordId, change.recordId),
            eq(promotionVersions.status, "pending"),
          ),
        );
    }
    const [row] = await tx
      .insert(promotionVersions)
      .values({ ...change, authorEmail: actor.email, authorUserId: actor.userId })
      .returning();
    await recordAudit(tx, actor, {
      entity: "promotion version",
      entityId: row!.id,
      action: "create",
      summary: `Submitted "${change.label}" for approval`,
      changes: { fields: Object.keys(change.values), version: row!.id },
    });
    return row!;
  });
}

export async function listPromotionVersions(status: PromotionVersion["status"] = "pending"): Promise<PromotionVersion[]> {
  return getDb()
    .select()
    .from(promotionVersions)
    .where(eq(promotionVersions.status, status))
    .orderBy(status === "pending" ? asc(promotionVersions.createdAt) : desc(promotionVersions.decidedAt))
    .limit(500);
}

export async function getPromotionVersion(id: number): Promise<PromotionVersion | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await getDb().select().from(promotionVersions).where(eq(promotionVersions.id, id));
  return row ?? null;
}

/** The rows about one record of a collection (a single record, the hero say, has a null record id). */
function ofRecord(
  table: typeof promotionVersions | typeof promotionRecords,
  collection: PromotionCollection,
  recordId: number | null,
) {
  return and(
    eq(table.collection, collection),
    recordId === null ? isNull(table.recordId) : eq(table.recordId, recordId),
  );
}

export async function countPendingPromotions(): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(promotionVersions)
    .where(eq(promotionVersions.status, "pending"));
  return Number(row?.n ?? 0);
}

/** The pending change a record has, newest (what its editor shows as waiting). */
export async function pendingVersionOf(collection: PromotionCollection, recordId: number | null): Promise<PromotionVersion | null> {
  const [row] = await getDb()
    .select()
    .from(promotionVersions)
    .where(and(ofRecord(promotionVersions, collection, recordId), eq(promotionVersions.status, "pending")))
    .orderBy(desc(promotionVersions.createdAt))
    .limit(1);
  return row ?? null;
}

/** Marks a pending version decided; false when it was decided (or superseded) meanwhile. */
export async function closePromotionVersion(
  id: number,
  status: "approved" | "rejected",
  decidedBy: string,
  reason = "",
): Promise<boolean> {
  const rows = await getDb()
    .update(promotionVersions)
    .set({ status, decidedBy, reason, decidedAt: sql`now()` })
    .where(and(eq(promotionVersions.id, id), eq(promotionVersions.status, "pending")))
    .returning({ id: promotionVersions.id });
  return rows.length === 1;
}

export function snapshotHash(pages: readonly { path: string; html: string }[]): string {
  const hash = crypto.createHash("sha256");
  for (const page of pages) hash.update(`${page.path}\n${page.html.length}\n${page.html}`);
  return hash.digest("hex");
}

type NewRecord = Omit<typeof promotionRecords.$inferInsert, "id" | "reference" | "decidedAt" | "snapshotSha256">;

/**
 * Writes one row of the register with the next reference of the year (FP-2026-0001): the table is locked
 * for the count, so two decisions at once cannot take one number.
 */
export async function recordPromotionDecision(record: NewRecord): Promise<PromotionRecord> {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`lock table ${promotionRecords} in share row exclusive mode`);
    const year = new Date().getUTCFullYear();
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(promotionRecords)
      .where(sql`${promotionRecords.reference} like ${`FP-${year}-%`}`);
    const reference = `FP-${year}-${String(Number(n) + 1).padStart(4, "0")}`;
    const [row] = await tx
      .insert(promotionRecords)
      .values({ ...record, reference, snapshotSha256: snapshotHash(record.pages) })
      .returning();
    return row!;
  });
}

/** The register, newest first. */
export async function listPromotionRecords(): Promise<PromotionRecord[]> {
  return getDb().select().from(promotionRecords).orderBy(desc(promotionRecords.decidedAt), desc(promotionRecords.id));
}

export async function recordsOf(collection: PromotionCollection, recordId: number | null): Promise<PromotionRecord[]> {
  return getDb()
    .select()
    .from(promotionRecords)
    .where(ofRecord(promotionRecords, collection, recordId))
    .orderBy(desc(promotionRecords.decidedAt), desc(promotionRecords.id));
}

/** Puts a claimed version back to pending (its approval could not be written). */
export async function reopenPromotionVersion(id: number): Promise<void> {
  await getDb()
    .update(promotionVersions)
    .set({ status: "pending", decidedBy: null, decidedAt: null })
    .where(eq(promotionVersions.id, id));
}
