import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { getDb, type Db } from "~db/client.server";
import { revisions, trash, TRASH_COLLECTIONS } from "~db/schema";
import { TRASHABLE_COLLECTIONS, type TrashableCollection } from "~/collections";
import type { Actor } from "./actor";
import { recordAudit } from "./audit.server";
import { now } from "./clock.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type TrashCollection = (typeof TRASH_COLLECTIONS)[number];
export { TRASH_COLLECTIONS };

/** How long a deleted record waits in the trash before it is deleted for good. */
export const TRASH_DAYS = 30;

/** The name each collection's records have in the audit log and the revisions. */
export const TRASH_ENTITIES = Object.fromEntries(
  TRASHABLE_COLLECTIONS.map((collection) => [collection.name, collection.entity]),
) as Record<TrashCollection, string>;

// The trash table's column takes the names of the collections that declare themselves trashable, no more.
type SameNames<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const trashableNamesMatch: SameNames<TrashableCollection["name"], TrashCollection> = true;
void trashableNamesMatch;

export function isTrashCollection(value: string | undefined): value is TrashCollection {
  return (TRASH_COLLECTIONS as readonly string[]).includes(value ?? "");
}

/** A row as JSON, whole (its id, version and timestamps too), so it can come back as it was. */
export function wholeRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

export interface TrashEntry {
  collection: TrashCollection;
  recordId: number;
  label: string;
  deletedBy: string;
  deletedAt: Date;
  /** When it leaves the trash by itself. */
  purgeAt: Date;
  /** Menu items that went with it. */
  childCount: number;
}

interface StoredEntry {
  values: Record<string, unknown>;
  children: Record<string, unknown>[];
  label: string;
}

const purgeAt = (deletedAt: Date) => new Date(deletedAt.getTime() + TRASH_DAYS * 86_400_000);

/** Inside a delete's transaction: the deleted row (and the rows that went with it) kept in the trash. */
export async function putInTrash(
  tx: Tx,
  actor: Actor,
  entry: {
    collection: TrashCollection;
    recordId: number;
    label: string;
    values: Record<string, unknown>;
    children: Record<string, unknown>[];
  },
): Promise<void> {
  const row = { ...entry, userId: actor.userId, deletedBy: actor.email };
  await tx
    .insert(trash)
    .values(row)
    .onConflictDoUpdate({
      target: [trash.collection, trash.recordId],
      set: { ...row, deletedAt: sql`now()` },
    });
}

/** Inside a restore's transaction: the entry, locked, or null when it is not in the trash. */
export async function trashedRecord(
  tx: Tx,
  collection: TrashCollection,
  recordId: number,
): Promise<StoredEntry | null> {
  if (!Number.isSafeInteger(recordId) || recordId < 1 || recordId > 2_147_483_647) return null;
  const [row] = await tx
    .select({ values: trash.values, children: trash.children, label: trash.label })
    .from(trash)
    .where(and(eq(trash.collection, collection), eq(trash.recordId, recordId)))
    .for("update");
  return row
    ? {
        values: row.values as Record<string, unknown>,
        children: row.children as Record<string, unknown>[],
        label: row.label,
      }
    : null;
}

/** Inside a restore's transaction, once the record is back. */
export async function leaveTrash(tx: Tx, collection: TrashCollection, recordId: number): Promise<void> {
  await tx.delete(trash).where(and(eq(trash.collection, collection), eq(trash.recordId, recordId)));
}

const entryColumns = {
  collection: trash.collection,
  recordId: trash.recordId,
  label: trash.label,
  deletedBy: trash.deletedBy,
  deletedAt: trash.deletedAt,
  childCount: sql<number>`jsonb_array_length(${trash.children})`,
};

const asEntry = (row: Omit<TrashEntry, "purgeAt">): TrashEntry => ({
  ...row,
  childCount: Number(row.childCount),
  purgeAt: purgeAt(row.deletedAt),
});

/** What is in the trash, most recently deleted first. */
export async function listTrash(): Promise<TrashEntry[]> {
  const rows = await getDb().select(entryColumns).from(trash).orderBy(desc(trash.deletedAt), desc(trash.id));
  return rows.map(asEntry);
}

/** One entry of the trash, or null. */
export async function getTrashEntry(
  collection: TrashCollection,
  recordId: number,
): Promise<TrashEntry | null> {
  if (!Number.isSafeInteger(recordId) || recordId < 1 || recordId > 2_147_483_647) return null;
  const [row] = await getDb()
    .select(entryColumns)
    .from(trash)
    .where(and(eq(trash.collection, collection), eq(trash.recordId, recordId)));
  return row ? asEntry(row) : null;
}

/** The values a record was deleted with (null: not in the trash). */
export async function trashedValues(collection: TrashCollection, recordId: number): Promise<Record<string, unknown> | null> {
  if (!Number.isSafeInteger(recordId) || recordId < 1 || recordId > 2_147_483_647) return null;
  const [row] = await getDb()
    .select({ values: trash.values })
    .from(trash)
    .where(and(eq(trash.collection, collection), eq(trash.recordId, recordId)));
  return (row?.values as Record<string, unknown> | undefined) ?? null;
}

/** The ids whose history goes with an entry: the record's and its children's. */
function entryIds(recordId: number, children: unknown): string[] {
  const childIds = Array.isArray(children)
    ? children.map((child) => String((child as { id: unknown }).id))
    : [];
  return [String(recordId), ...childIds];
}

async function forget(
  tx: Tx,
  entries: { collection: TrashCollection; recordId: number; children: unknown }[],
): Promise<void> {
  for (const entry of entries) {
    await tx
      .delete(revisions)
      .where(
        and(
          eq(revisions.entity, TRASH_ENTITIES[entry.collection]),
          inArray(revisions.entityId, entryIds(entry.recordId, entry.children)),
        ),
      );
  }
}

/** "Delete permanently": the record and its history are gone; audited without its content. False if not in the trash. */
export async function deleteFromTrash(
  collection: TrashCollection,
  recordId: number,
  actor: Actor,
): Promise<boolean> {
  if (!Number.isSafeInteger(recordId) || recordId < 1 || recordId > 2_147_483_647) return false;
  return getDb().transaction(async (tx) => {
    const [entry] = await tx
      .delete(trash)
      .where(and(eq(trash.collection, collection), eq(trash.recordId, recordId)))
      .returning({
        collection: trash.collection,
        recordId: trash.recordId,
        children: trash.children,
        label: trash.label,
      });
    if (!entry) return false;
    await forget(tx, [entry]);
    await recordAudit(tx, actor, {
      entity: TRASH_ENTITIES[collection],
      entityId: recordId,
      action: "delete",
      summary: `Deleted ${TRASH_ENTITIES[collection]} "${entry.label}" permanently`,
    });
    return true;
  });
}

/** Housekeeping: entries deleted more than TRASH_DAYS ago go for good, with their history. */
export async function purgeTrash(at: Date = now()): Promise<number> {
  const cutoff = new Date(at.getTime() - TRASH_DAYS * 86_400_000);
  return getDb().transaction(async (tx) => {
    const gone = await tx
      .delete(trash)
      .where(lt(trash.deletedAt, sql`${cutoff.toISOString()}::timestamptz`))
      .returning({ collection: trash.collection, recordId: trash.recordId, children: trash.children });
    await forget(tx, gone);
    return gone.length;
  });
}
