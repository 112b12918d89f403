import { and, count, desc, eq, getTableColumns, lt, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { writeBatches } from "~/utils/write-batches";
import { getDb, type Db } from "~db/client.server";
import { revisions } from "~db/schema";
import type { Actor } from "./actor";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** One kept version of a record: its editable values as they were after the write that made it. */
export interface Revision {
  version: number;
  actorEmail: string;
  createdAt: Date;
  changedFields: string[];
  values: Record<string, unknown>;
  note: string;
}

/** Never part of a snapshot: the record's identity, its version and its timestamps. */
const SYSTEM_COLUMNS = new Set(["id", "version", "createdAt", "updatedAt"]);

/** A record's editable values as JSON: system columns and `omit` (counters such as a redirect's hits) left out. */
export function snapshotOf(row: Record<string, unknown>, omit: readonly string[] = []): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (SYSTEM_COLUMNS.has(key) || omit.includes(key)) continue;
    values[key] = value instanceof Date ? value.toISOString() : value;
  }
  return values;
}

/** A snapshot's values as the table's columns take them: timestamps back to dates. */
export function reviveValues(table: PgTable, values: Record<string, unknown>): Record<string, unknown> {
  const columns = getTableColumns(table) as Record<string, { columnType: string }>;
  const revived: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!(key in columns)) continue;
    revived[key] = columns[key]!.columnType === "PgTimestamp" && typeof value === "string" ? new Date(value) : value;
  }
  return revived;
}

/** The names of the fields whose values differ between two snapshots. */
export function fieldsChanged(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null));
}

export interface RevisionWrite {
  entity: string;
  entityId: string | number;
  version: number;
  values: Record<string, unknown>;
  /** The version before this write, when the record existed: kept as a baseline if history began after it. */
  before?: { version: number; values: Record<string, unknown>; at: Date };
  note?: string;
}

/** The rows that keep a write's version (and its baseline, when the record existed before history began). */
function revisionRows(actor: Actor, write: RevisionWrite): (typeof revisions.$inferInsert)[] {
  const entityId = String(write.entityId);
  const changedFields = write.before ? fieldsChanged(write.before.values, write.values) : Object.keys(write.values);
  const rows: (typeof revisions.$inferInsert)[] = [];
  if (write.before && write.before.version >= 1) {
    rows.push({
      entity: write.entity,
      entityId,
      version: write.before.version,
      values: write.before.values,
      changedFields: [],
      actorEmail: "",
      createdAt: write.before.at,
    });
  }
  rows.push({
    entity: write.entity,
    entityId,
    version: write.version,
    values: write.values,
    changedFields,
    note: write.note ?? "",
    userId: actor.userId,
    actorEmail: actor.email,
  });
  return rows;
}

/**
 * Keeps the version a write made, inside the write's transaction (so a write that fails leaves no revision,
 * and none succeeds without one). The first write after history began also keeps the version it replaced,
 * as a baseline with no actor; both rows go in one statement.
 */
export async function recordRevision(tx: Tx, actor: Actor, write: RevisionWrite): Promise<void> {
  // The baseline is skipped when the version it names is already kept; the new version never is.
  await tx.insert(revisions).values(revisionRows(actor, write)).onConflictDoNothing();
}

/**
 * recordRevision for many writes at once (an import): the rows go as one JSON parameter a statement (a
 * statement of thousands of parameters takes PGlite far longer to prepare than to run).
 */
export async function recordRevisions(tx: Tx, actor: Actor, writes: readonly RevisionWrite[]): Promise<void> {
  for (const batch of writeBatches(writes.flatMap((write) => revisionRows(actor, write)))) {
    await tx.execute(sql`
      insert into ${revisions} (entity, entity_id, version, "values", changed_fields, note, user_id, actor_email, created_at)
      select entity, "entityId", version, "values", "changedFields", coalesce(note, ''), "userId", "actorEmail", coalesce("createdAt", now())
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(
        entity text, "entityId" text, version int, "values" jsonb, "changedFields" text[], note text,
        "userId" int, "actorEmail" text, "createdAt" timestamptz)
      on conflict do nothing`);
  }
}

const revisionColumns = {
  version: revisions.version,
  actorEmail: revisions.actorEmail,
  createdAt: revisions.createdAt,
  changedFields: revisions.changedFields,
  values: revisions.values,
  note: revisions.note,
};

/** A record's kept versions, newest first; `before` pages on from a version. */
export async function listRevisions(
  entity: string,
  entityId: string | number,
  options: { limit?: number; before?: number } = {},
): Promise<Revision[]> {
  const rows = await getDb()
    .select(revisionColumns)
    .from(revisions)
    .where(
      and(
        eq(revisions.entity, entity),
        eq(revisions.entityId, String(entityId)),
        options.before === undefined ? undefined : lt(revisions.version, options.before),
      ),
    )
    .orderBy(desc(revisions.version))
    .limit(options.limit ?? 1000);
  return rows as Revision[];
}

/** One kept version, or null. */
export async function getRevision(entity: string, entityId: string | number, version: number): Promise<Revision | null> {
  if (!Number.isSafeInteger(version) || version < 1 || version > 2_147_483_647) return null;
  const [row] = await getDb()
    .select(revisionColumns)
    .from(revisions)
    .where(and(eq(revisions.entity, entity), eq(revisions.entityId, String(entityId)), eq(revisions.version, version)));
  return (row as Revision | undefined) ?? null;
}

/** The version kept just before `version` (the one a difference is shown against), or null. */
export async function previousRevision(entity: string, entityId: string | number, version: number): Promise<Revision | null> {
  const [row] = await listRevisions(entity, entityId, { before: version, limit: 1 });
  return row ?? null;
}

/** One page of a record's kept versions, newest first (for the JSON API), and how many there are. */
export async function pageOfRevisions(
  entity: string,
  entityId: string | number,
  page: number,
  pageSize: number,
): Promise<{ items: Revision[]; total: number }> {
  const where = and(eq(revisions.entity, entity), eq(revisions.entityId, String(entityId)));
  const [counted] = await getDb().select({ n: count() }).from(revisions).where(where);
  const items = await getDb()
    .select(revisionColumns)
    .from(revisions)
    .where(where)
    .orderBy(desc(revisions.version))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items: items as Revision[], total: Number(counted?.n ?? 0) };
}
