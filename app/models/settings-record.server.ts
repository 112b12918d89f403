import { eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { getDb } from "~db/client.server";
import type { Tx } from "./versioned-records.server";
import type { Actor, WriteResult } from "./actor";
import { changedFields, describeChangesSince, recordAudit } from "./audit.server";
import { cached, contentChanged } from "./content-cache.server";
import { getRevision, recordRevision } from "./revisions.server";

type SingletonTable = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };

/**
 * A settings record that exists once (hero, company settings, SEO settings): read through the content
 * cache with a default when the row is missing, updated in part, with version checks and an audit row.
 */
export function settingsRecord<TTable extends SingletonTable, TValues extends object>(options: {
  table: TTable;
  entity: string;
  fallback: () => TValues;
  /** The values from the table's row, as the schema types it (optional text read as "", say). */
  fromRow: (row: TTable["$inferSelect"]) => NoInfer<TValues>;
  /** Checks of the changes that need the database (an image that must be in the library); a message refuses the save. */
  check?: (tx: Tx, changes: Partial<TValues>) => Promise<{ field: string; message: string } | null>;
}) {
  const { entity } = options;
  const table: SingletonTable = options.table;
  const t = table as SingletonTable & Record<string, PgColumn>;
  type Current = TValues & { version: number };
  type Read = Current & { updatedAt?: Date };

  async function read(): Promise<Read> {
    const [row] = (await getDb().select().from(table).where(eq(t.id, 1))) as Record<string, unknown>[];
    return row ? { ...options.fromRow(row as TTable["$inferSelect"]), version: Number(row.version), updatedAt: row.updatedAt as Date } : { ...options.fallback(), version: 0 };
  }

  function get(): Promise<Current> {
    return cached(entity, current);
  }

  async function update(
    changes: Partial<TValues>,
    actor: Actor,
    expectedVersion?: number,
    note = "",
  ): Promise<WriteResult<Current>> {
    const { updatedAt, ...before } = await read();
    if (expectedVersion !== undefined && before.version !== expectedVersion) {
      return { ok: false, reason: "conflict", message: await describeChangesSince(entity, 1, expectedVersion) };
    }
    const record = await getDb().transaction(async (tx) => {
      const problem = await options.check?.(tx, changes);
      if (problem) return problem;
      const values = { ...options.fallback(), ...stripVersion(before), ...changes };
      const [row] = (await tx
        .insert(table)
        .values({ id: 1, ...values } as never)
        .onConflictDoUpdate({
          target: t.id,
          set: { ...changes, version: sql`${t.version} + 1`, updatedAt: sql`now()` } as never,
          setWhere: sql`${t.version} = ${before.version}`,
        })
        .returning()) as Record<string, unknown>[];
      if (!row) return null;
      const current = { ...options.fromRow(row as TTable["$inferSelect"]), version: Number(row.version) };
      await recordRevision(tx, actor, {
        entity,
        entityId: 1,
        version: current.version,
        values: stripVersion(current) as Record<string, unknown>,
        before: { version: before.version, values: stripVersion(before) as Record<string, unknown>, at: updatedAt ?? new Date() },
        note,
      });
      await recordAudit(tx, actor, {
        entity,
        entityId: 1,
        action: "update",
        summary: note ? `${note} of ${entity}` : `Updated ${entity}`,
        changes: { fields: changedFields(stripVersion(before) as Record<string, unknown>, changes as Record<string, unknown>), version: current.version },
      });
      return current;
    });
    if (!record) {
      return { ok: false, reason: "conflict", message: await describeChangesSince(entity, 1, before.version) };
    }
    if ("field" in record) return { ok: false, reason: "invalid", ...record };
    await contentChanged();
    return { ok: true, record };
  }

  /** "Restore this version": its values written as a new version, refused like any stale save. */
  async function restoreVersion(version: number, actor: Actor, expectedVersion?: number): Promise<WriteResult<Current>> {
    const kept = await getRevision(entity, 1, version);
    if (!kept) return { ok: false, reason: "not_found" };
    const values = { ...options.fallback(), ...(kept.values as Partial<TValues>) };
    return update(values, actor, expectedVersion, `Restored version ${version}`);
  }

  async function current(): Promise<Current> {
    const { updatedAt: _updatedAt, ...values } = await read();
    return values as Current;
  }

  return { get, read: current, update, restoreVersion };
}

function stripVersion<T extends { version: number }>(value: T): Omit<T, "version"> {
  const { version: _version, ...rest } = value;
  return rest;
}
