import { asc, count, eq, inArray, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { getDb, type Db } from "~db/client.server";
import type { Actor, WriteResult } from "./actor";
import { changedFields, describeChangesSince, recordAudit } from "./audit.server";
import { contentChanged } from "./content-cache.server";
import { writeNextVersion } from "./next-version.server";
import { getRevision, recordRevision, reviveValues, snapshotOf } from "./revisions.server";
import { leaveTrash, putInTrash, trashedRecord, wholeRow, type TrashCollection } from "./trash.server";

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
  /** The name recorded in the audit log and the revisions: "product", "statistic", "menu item". */
  entity: string;
  /** Where a deleted record waits in the trash; null for records that are not deleted this way (operators). */
  collection: TrashCollection | null;
  /** Columns that are not the operator's content and so not kept in revisions (a redirect's hit count). */
  unversioned?: readonly string[];
  /** A kept version's values as the input a write takes (restoring an old version, or a record from the trash). */
  restoreInput?: (values: Record<string, unknown>) => TInput;
  /** Records that go to the trash with this one, parents before children (a menu item's sub-items). */
  dependents?: (tx: Tx, row: TRow) => Promise<TRow[]>;
  /** How a record is named in the audit log's summary. */
  describe: (row: TRow | TInput) => string;
  /** Checks that need the database (a parent that must exist, say); an error message refuses the write. */
  check?: (tx: Tx, input: TInput, id: number | null, actor: Actor) => Promise<Problem | null>;
  /** The list's order; display order then id by default. */
  orderBy?: PgColumn[];
  /**
   * Take the table's write lock first: for checks that read the other records (a redirect chain), so two
   * writers cannot each pass a check that together they break.
   */
  lockTable?: string;
  /** The columns written from an input (default: the input's fields); `before` is the record an update changes. */
  stored?: (input: TInput, before?: TRow) => Record<string, unknown>;
  /**
   * Columns made from the record's values (a Markdown body rendered to HTML), written with every create,
   * update, restored version and return from the trash. They are not the operator's content: kept out of
   * revisions, the trash and the audit's changed fields.
   */
  derived?: {
    columns: readonly string[];
    /** `tx`: the write's transaction, for what the columns need to read (the sizes of a body's images). */
    from: (values: Record<string, unknown>, tx: Tx) => Record<string, unknown> | Promise<Record<string, unknown>>;
  };
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
  const trashCollection = (): TrashCollection => {
    if (!options.collection) throw new Error(`A ${entity} is not deleted into the trash`);
    return options.collection;
  };
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
  const derivedColumns = options.derived?.columns ?? [];
  const notKept = [...(options.unversioned ?? []), ...derivedColumns];
  const derive = async (values: Record<string, unknown>, tx: Tx) => (options.derived ? options.derived.from(values, tx) : {});
  const snapshot = (row: TRow) => snapshotOf(row as Record<string, unknown>, notKept);
  const trashed = (row: TRow) =>
    wholeRow(Object.fromEntries(Object.entries(row as Record<string, unknown>).filter(([key]) => !derivedColumns.includes(key))));
  const asInput = (values: Record<string, unknown>) => {
    const revived = reviveValues(table, values);
    return options.restoreInput ? options.restoreInput(revived) : (revived as TInput);
  };

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
    const problem = checked ? null : await options.check?.(tx, input, null, actor);
    if (problem) return problem;
    const values = columns(input);
    const [row] = (await tx
      .insert(table)
      .values({ ...values, ...(await derive(values, tx)) } as never)
      .returning()) as unknown as TRow[];
    await options.afterWrite?.(tx, row!, actor);
    await recordRevision(tx, actor, { entity, entityId: row!.id, version: row!.version, values: snapshot(row!) });
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
    return written(result);
  }

  /** A write's record, or why its checks refused it, as the write's result; the content cache hears of a change. */
  async function written(result: TRow | Problem): Promise<WriteResult<TRow>> {
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
    note = "",
  ): Promise<TRow | Problem | null | { stale: number }> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
    const [before] = (await tx.select().from(table).where(eq(t.id, id)).for("update")) as unknown as TRow[];
    if (!before) return null;
    if (expectedVersion !== undefined && before.version !== expectedVersion)
      return { stale: expectedVersion };
    const problem = checked ? null : await options.check?.(tx, input, id, actor);
    if (problem) return problem;
    const values = columns(input, before);
    const row = (await writeNextVersion(tx, table, id, {
      ...values,
      ...(await derive({ ...before, ...values }, tx)),
    } as never)) as unknown as TRow;
    await options.afterWrite?.(tx, row, actor, before);
    await recordRevision(tx, actor, {
      entity,
      entityId: id,
      version: row.version,
      values: snapshot(row),
      before: { version: before.version, values: snapshot(before), at: (before as { updatedAt?: Date }).updatedAt ?? new Date() },
      note,
    });
    await recordAudit(tx, actor, {
      entity,
      entityId: id,
      action: "update",
      summary: note ? `${note} of ${entity} "${options.describe(row)}"` : `Updated ${entity} "${options.describe(row)}"`,
      changes: { fields: changedFields(before as Record<string, unknown>, values), version: row.version },
    });
    return row;
  }

  /** An updateIn answer as the write's result; the content cache hears of a change. */
  async function settle(result: TRow | Problem | null | { stale: number }, id: number): Promise<WriteResult<TRow>> {
    if (result === null) return { ok: false, reason: "not_found" };
    if ("stale" in result) {
      return { ok: false, reason: "conflict", message: await describeChangesSince(entity, id, result.stale) };
    }
    return written(result);
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
    return settle(result, id);
  }

  /**
   * "Restore this version": the kept version's values written as a new version (audited, and so undoable),
   * checked like any save: refused when stale, or when the old values are no longer valid.
   */
  async function restoreVersion(id: number, version: number, actor: Actor, expectedVersion?: number): Promise<WriteResult<TRow>> {
    const kept = await getRevision(entity, id, version);
    if (!kept) return { ok: false, reason: "not_found" };
    const result = await getDb().transaction(async (tx) => {
      await lock(tx);
      return updateIn(tx, id, asInput(kept.values), actor, expectedVersion, false, `Restored version ${version}`);
    });
    return settle(result, id);
  }

  /**
   * Inside a transaction the caller holds: deletes a record (and its dependents) into the trash. Null when
   * there is no such record.
   */
  async function removeIn(tx: Tx, id: number, actor: Actor, reason = ""): Promise<TRow | null> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
    const [row] = (await tx.select().from(table).where(eq(t.id, id)).for("update")) as unknown as TRow[];
    if (!row) return null;
    const dependents = (await options.dependents?.(tx, row)) ?? [];
    await tx.delete(table).where(inArray(t.id, [id, ...dependents.map((dependent) => dependent.id)]));
    await options.afterDelete?.(tx, row);
    await putInTrash(tx, actor, {
      collection: trashCollection(),
      recordId: id,
      label: options.describe(row),
      values: trashed(row),
      children: dependents.map(trashed),
    });
    const along = dependents.length ? ` and ${dependents.length} ${dependents.length === 1 ? "item" : "items"} under it` : "";
    await recordAudit(tx, actor, {
      entity,
      entityId: id,
      action: "delete",
      summary: `Deleted ${entity} "${options.describe(row)}"${along}${reason}`,
    });
    return row;
  }

  async function remove(id: number, actor: Actor): Promise<WriteResult<TRow>> {
    const result = await getDb().transaction((tx) => removeIn(tx, id, actor));
    if (!result) return { ok: false, reason: "not_found" };
    await contentChanged();
    return { ok: true, record: result };
  }

  /**
   * Puts a record back from the trash with its id and values (and the items that went with it), as a new
   * version. Refused, staying in the trash, when it would no longer be valid (its slug or address taken).
   */
  async function restoreFromTrash(id: number, actor: Actor): Promise<WriteResult<TRow>> {
    const result = await getDb().transaction(async (tx): Promise<TRow | Problem | null> => {
      await lock(tx);
      const entry = await trashedRecord(tx, trashCollection(), id);
      if (!entry) return null;
      const rows = [entry.values, ...entry.children];
      const problem = await options.check?.(tx, asInput(snapshotOf(entry.values, notKept)), null, actor);
      if (problem) return problem;
      let restored: TRow | null = null;
      for (const values of rows) {
        const kept = reviveValues(table, values) as Record<string, unknown> & { version: number; updatedAt?: Date };
        const [row] = (await tx
          .insert(table)
          .overridingSystemValue()
          .values({ ...kept, ...(await derive(kept, tx)), version: kept.version + 1, updatedAt: sql`now()` } as never)
          .returning()) as unknown as TRow[];
        await recordRevision(tx, actor, {
          entity,
          entityId: row!.id,
          version: row!.version,
          values: snapshot(row!),
          before: { version: kept.version, values: snapshotOf(kept, notKept), at: kept.updatedAt ?? new Date() },
          note: "Restored from the trash",
        });
        restored ??= row!;
      }
      await options.afterWrite?.(tx, restored!, actor);
      await leaveTrash(tx, trashCollection(), id);
      await recordAudit(tx, actor, {
        entity,
        entityId: id,
        action: "create",
        summary: `Restored ${entity} "${options.describe(restored!)}" from the trash`,
        changes: { fields: [], version: restored!.version },
      });
      return restored;
    });
    if (result === null) return { ok: false, reason: "not_found" };
    return written(result);
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
    restoreVersion,
    remove,
    removeIn,
    restoreFromTrash,
    announce: contentChanged,
  };
}
