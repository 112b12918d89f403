import { eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { RecordTable, Tx } from "./versioned-records.server";

/**
 * Writes `values` to record `id` as its next version (version + 1, updatedAt now), in a transaction that
 * holds the row's lock: the row as written.
 */
export async function writeNextVersion<TTable extends RecordTable>(
  tx: Tx,
  table: TTable,
  id: number,
  values: PgUpdateSetSource<TTable>,
): Promise<TTable["$inferSelect"]> {
  const rows = (await tx
    .update(table)
    .set({
      ...values,
      version: sql`${table.version} + 1`,
      updatedAt: sql`now()`,
    } as PgUpdateSetSource<TTable>)
    .where(eq(table.id, id))
    .returning()) as TTable["$inferSelect"][];
  return rows[0]!;
}
