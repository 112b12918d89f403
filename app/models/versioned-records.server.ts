import { asc, count, eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { getDb, type Db } from "../../db/client.server";
import type { Actor, WriteResult } from "./actor";
import { changedFields, describeChangesSince, recordAudit } from "./audit.server";
import { contentChanged } from "./content-cache.server";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const SYSTEM_COLUMNS = new Set(["id", "version", "createdAt", "updatedAt"]);

/** Only the editable fields: a caller can never set an id, a version or a timestamp. */
function editable<T extends Record<string, unknown>>(input: T): T {
  return Object.fromEntries(Object.entries(input).filter(([key]) => !SYSTEM_COLUMNS.has(key))) as T;
}

/** A table of editable records: an identity id, a version for optimistic concurrency, timestamps. */
export type RecordTable = PgTable & {
  id: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
  displayOrder: PgColumn;
};

export interface RecordModelOptions<TRow extends { id: number; version: number }, TInput extends Record<string, unknown>> {
  table: RecordTable;
  /** The name recorded in the audit log: "product", "statistic", "menu item". */
  entity: string;
  /** How a record is named in the audit log's summary. */
  describe: (row: TRow | TInput) => string;
  /** Checks that need the database (a parent that must exist, say); an error message refuses the write. */
  check?: (tx: Tx, input: TInput, id: number | null) => Promise<{ field: string; message: string } | null>;
}

/**
 * Create, update and delete for a list of records (statistics, products, menu items): each write in one
 * transaction with its audit row, refused when made from a stale copy, and announced to the content cache.
 */
export function recordModel<TRow extends { id: number; version: number }, TInput extends Record<string, unknown>>(
  options: RecordModelOptions<TRow, TInput>,
) {
  const { table, entity } = options;
  const t = table as RecordTable & Record<string, PgColumn>;

  async function get(id: number): Promise<TRow | null> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
    const rows = (await getDb().select().from(table).where(eq(t.id, id))) as unknown as TRow[];
    return rows[0] ?? null;
  }

  async function list(): Promise<TRow[]> {
    return (await getDb().select().from(table).orderBy(asc(t.displayOrder), asc(t.id))) as unknown as TRow[];
  }

  async function total(): Promise<number> {
    const [row] = await getDb().select({ n: count() }).from(table);
    return Number(row?.n ?? 0);
  }

  /** SPEC: the default display order of a new record is the current count plus one. */
  async function nextDisplayOrder(): Promise<number> {
    return (await total()) + 1;
  }

  async function create(raw: TInput, actor: Actor): Promise<WriteResult<TRow>> {
    const input = editable(raw);
    const result = await getDb().transaction(async (tx) => {
      const problem = await options.check?.(tx, input, null);
      if (problem) return { ok: false as const, reason: "invalid" as const, ...problem };
      const [row] = (await tx.insert(table).values(input as never).returning()) as unknown as TRow[];
      await recordAudit(tx, actor, {
        entity,
        entityId: row!.id,
        action: "create",
        summary: `Created ${entity} "${options.describe(row!)}"`,
        changes: { fields: Object.keys(input), version: row!.version },
      });
      return { ok: true as const, record: row! };
    });
    if (result.ok) await contentChanged();
    return result;
  }

  /** expectedVersion: the version the editor loaded; omit it to overwrite unconditionally (the JSON API). */
  async function update(id: number, raw: TInput, actor: Actor, expectedVersion?: number): Promise<WriteResult<TRow>> {
    const input = editable(raw);
    const before = await get(id);
    if (!before) return { ok: false, reason: "not_found" };
    if (expectedVersion !== undefined && before.version !== expectedVersion) {
      return { ok: false, reason: "conflict", message: await describeChangesSince(entity, id, expectedVersion) };
    }
    const result = await getDb().transaction(async (tx) => {
      const problem = await options.check?.(tx, input, id);
      if (problem) return { ok: false as const, reason: "invalid" as const, ...problem };
      const rows = (await tx
        .update(table)
        .set({ ...input, version: sql`${t.version} + 1`, updatedAt: sql`now()` } as never)
        .where(sql`${t.id} = ${id} and ${t.version} = ${before.version}`)
        .returning()) as unknown as TRow[];
      const row = rows[0];
      if (!row) return null;
      await recordAudit(tx, actor, {
        entity,
        entityId: id,
        action: "update",
        summary: `Updated ${entity} "${options.describe(row)}"`,
        changes: { fields: changedFields(before as Record<string, unknown>, input), version: row.version },
      });
      return { ok: true as const, record: row };
    });
    if (result === null) {
      // Someone saved between our read and our write.
      return { ok: false, reason: "conflict", message: await describeChangesSince(entity, id, before.version) };
    }
    if (result.ok) await contentChanged();
    return result;
  }

  async function remove(id: number, actor: Actor): Promise<WriteResult<TRow>> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return { ok: false, reason: "not_found" };
    const result = await getDb().transaction(async (tx) => {
      const rows = (await tx.delete(table).where(eq(t.id, id)).returning()) as unknown as TRow[];
      const row = rows[0];
      if (!row) return null;
      await recordAudit(tx, actor, {
        entity,
        entityId: id,
        action: "delete",
        summary: `Deleted ${entity} "${options.describe(row)}"`,
      });
      return row;
    });
    if (!result) return { ok: false, reason: "not_found" };
    await contentChanged();
    return { ok: true, record: result };
  }

  return { get, list, total, nextDisplayOrder, create, update, remove };
}
