import { eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { getDb } from "../../db/client.server";
import type { Actor, WriteResult } from "./actor";
import { changedFields, describeChangesSince, recordAudit } from "./audit.server";
import { cached, contentChanged } from "./content-cache.server";

type SingletonTable = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };

/**
 * A settings record that exists once (hero, company settings, SEO settings): read through the content
 * cache with a default when the row is missing, updated in part, with version checks and an audit row.
 */
export function settingsRecord<TValues extends object>(options: {
  table: SingletonTable;
  entity: string;
  fallback: () => TValues;
  fromRow: (row: Record<string, unknown>) => TValues;
}) {
  const { table, entity } = options;
  const t = table as SingletonTable & Record<string, PgColumn>;
  type Current = TValues & { version: number };

  async function read(): Promise<Current> {
    const [row] = (await getDb().select().from(table).where(eq(t.id, 1))) as Record<string, unknown>[];
    return row ? { ...options.fromRow(row), version: Number(row.version) } : { ...options.fallback(), version: 0 };
  }

  function get(): Promise<Current> {
    return cached(entity, read);
  }

  async function update(changes: Partial<TValues>, actor: Actor, expectedVersion?: number): Promise<WriteResult<Current>> {
    const before = await read();
    if (expectedVersion !== undefined && before.version !== expectedVersion) {
      return { ok: false, reason: "conflict", message: await describeChangesSince(entity, 1, expectedVersion) };
    }
    const record = await getDb().transaction(async (tx) => {
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
      const current = { ...options.fromRow(row), version: Number(row.version) };
      await recordAudit(tx, actor, {
        entity,
        entityId: 1,
        action: "update",
        summary: `Updated ${entity}`,
        changes: { fields: changedFields(stripVersion(before) as Record<string, unknown>, changes as Record<string, unknown>), version: current.version },
      });
      return current;
    });
    if (!record) {
      return { ok: false, reason: "conflict", message: await describeChangesSince(entity, 1, before.version) };
    }
    await contentChanged();
    return { ok: true, record };
  }

  return { get, read, update };
}

function stripVersion<T extends { version: number }>(value: T): Omit<T, "version"> {
  const { version: _version, ...rest } = value;
  return rest;
}
