/**
 * Rows split into statements of at most `maxRows` rows and about `maxBytes` of values each: a few
 * statements for thousands of rows, none holding the embedded database (one connection, one statement at a
 * time) for long, and all far below PostgreSQL's 65,535 parameters a statement (PGlite's 32,767).
 */
export function writeBatches<T>(rows: readonly T[], maxRows = 1000, maxBytes = 256_000): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = Buffer.byteLength(JSON.stringify(row) ?? "") + 16;
    if (batch.length > 0 && (batch.length >= maxRows || bytes + size > maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(row);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
