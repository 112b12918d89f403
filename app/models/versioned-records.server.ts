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
  displayOrder?: PgColumn;
};

type Problem = { field: string; message: string };

export interface RecordModelOptions<
  TRow extends { id: number; version: number },
  TInput extends Record<string, unknown>,
> {
  table: RecordTable;
  /** The name recorded in the audit log: "product", "statistic", "menu item". */
  entity: string;
  /** How a record is named in the audit log's summary. */
  describe: (row: TRow | TInput) => string;
  /** Checks that need the database (a parent that must exist, say); an error message refuses the write. */
  check?: (tx: Tx, input: TInput, id: number | null) => Promise<Problem | null>;
  /** The list's order; display order then id by default. */
  orderBy?: PgColumn[];
  /**
   * Take the table's write lock first: for checks that read the other records (a redirect chain), so two
   * writers cannot each pass a check that together they break.
   */
  lockTable?: string;
  /** The columns written from an input (default: the input's fields); `before` is the record an update changes. */
  stored?: (input: TInput, before?: TRow) => Record<string, unknown>;
  /** Further writes in the same transaction, after the record is written; `before` as for `stored`. */
  afterWrite?: (tx: Tx, row: TRow, actor: Actor, before?: TRow) => Promise<void>;
  /** Further writes in the same transaction, after the record is deleted. */
  afterDelete?: (tx: Tx, row: TRow) => Promise<void>;
}

/**
 * Create, update and delete for a list of records (statistics, products, menu items): each write in one
 * transaction with its audit row, refused when made from a stale copy, and announced to the content cache.
 */
export function recordModel<
  TRow extends { id: number; version: number },
  TInput extends Record<string, unknown>,
>(options: RecordModelOptions<TRow, TInput>) {
  const { table, entity } = options;
  const t = table as RecordTable & Record<string, PgColumn>;

  async function get(id: number): Promise<TRow | null> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
    const rows = (await getDb().select().from(table).where(eq(t.id, id))) as unknown as TRow[];
    return rows[0] ?? null;
  }

  const order = options.orderBy ?? [t.displayOrder!, t.id];

  async function list(): Promise<TRow[]> {
    return (await getDb()
      .select()
      .from(table)
      .orderBy(...order.map((column) => asc(column)))) as unknown as TRow[];
  }

  const columns = (input: TInput, before?: TRow) => editable(options.stored ? options.stored(input, before) : input);

  async function lock(tx: Tx): Promise<void> {
    if (options.lockTable)
      await tx.execute(sql.raw(`lock table "${options.lockTable}" in share row exclusive mode`));
  }

  async function total(): Promise<number> {
    const [row] = await getDb().select({ n: count() }).from(table);
    return Number(row?.n ?? 0);
  }

  /** SPEC: the default display order of a new record is the current count plus one. */
  async function nextDisplayOrder(): Promise<number> {
    return (await total()) + 1;
  }

  /**
   * Inside a transaction the caller holds: the new record, or why it was refused. `checked`: the caller
   * has already run the checks (an import checks its rows together).
   */
  async function createIn(tx: Tx, input: TInput, actor: Actor, checked = false): Promise<TRow | Problem> {
    const problem = checked ? null : await options.check?.(tx, input, null);
    if (problem) return problem;
    const values = columns(input);
    const [row] = (await tx
      .insert(table)
      .values(values as never)
      .returning()) as unknown as TRow[];
    await options.afterWrite?.(tx, row!, actor);
    await recordAudit(tx, actor, {
      entity,
      entityId: row!.id,
      action: "create",
      summary: `Created ${entity} "${options.describe(row!)}"`,
      changes: { fields: Object.keys(values), version: row!.version },
    });
    return row!;
  }

  async function create(raw: TInput, actor: Actor): Promise<WriteResult<TRow>> {
    const result = await getDb().transaction(async (tx) => {
      await lock(tx);
      return createIn(tx, raw, actor);
    });
    if ("field" in result) return { ok: false, reason: "invalid", ...result };
    await contentChanged();
    return { ok: true, record: result };
  }

  /**
   * Inside a transaction the caller holds: the updated record, why it was refused, null when there is no
   * such record, or "stale" with the version it has when `expectedVersion` is not it.
   */
  async function updateIn(
    tx: Tx,
    id: number,
    input: TInput,
    actor: Actor,
    expectedVersion?: number,
    checked = false,
  ): Promise<TRow | Problem | null | { stale: number }> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
    const [before] = (await tx.select().from(table).where(eq(t.id, id)).for("update")) as unknown as TRow[];
    if (!before) return null;
    if (expectedVersion !== undefined && before.version !== expectedVersion)
      return { stale: expectedVersion };
    const problem = checked ? null : await options.check?.(tx, input, id);
    if (problem) return problem;
    const values = columns(input, before);
    const [row] = (await tx
      .update(table)
      .set({ ...values, version: sql`${t.version} + 1`, updatedAt: sql`now()` } as never)
      .where(eq(t.id, id))
      .returning()) as unknown as TRow[];
    await options.afterWrite?.(tx, row!, actor, before);
    await recordAudit(tx, actor, {
      entity,
      entityId: id,
      action: "update",
      summary: `Updated ${entity} "${options.describe(row!)}"`,
      changes: { fields: changedFields(before as Record<string, unknown>, values), version: row!.version },
    });
    return row!;
  }

  /** expectedVersion: the version the editor loaded; omit it to overwrite unconditionally (the JSON API). */
  async function update(
    id: number,
    raw: TInput,
    actor: Actor,
    expectedVersion?: number,
  ): Promise<WriteResult<TRow>> {
    const result = await getDb().transaction(async (tx) => {
      await lock(tx);
      return updateIn(tx, id, raw, actor, expectedVersion);
    });
    if (result === null) return { ok: false, reason: "not_found" };
    if ("stale" in result) {
      return { ok: false, reason: "conflict", message: await describeChangesSince(entity, id, result.stale) };
    }
    if ("field" in result) return { ok: false, reason: "invalid", ...result };
    await contentChanged();
    return { ok: true, record: result };
  }

  async function remove(id: number, actor: Actor): Promise<WriteResult<TRow>> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return { ok: false, reason: "not_found" };
    const result = await getDb().transaction(async (tx) => {
      const rows = (await tx.delete(table).where(eq(t.id, id)).returning()) as unknown as TRow[];
      const row = rows[0];
      if (!row) return null;
      await options.afterDelete?.(tx, row);
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

  return {
    get,
    list,
    total,
    nextDisplayOrder,
    create,
    createIn,
    update,
    updateIn,
    remove,
    announce: contentChanged,
  };
}
