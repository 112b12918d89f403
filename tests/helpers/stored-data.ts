import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";

/**
 * How many contact messages a stopped server left in its database: the PostgreSQL database it was given,
 * or its data folder's embedded database.
 */
export async function storedMessageCount(server: { dataDir: string; databaseUrl: string | undefined }): Promise<number> {
  const query = "select count(*)::int as n from contact_messages";
  if (server.databaseUrl) {
    const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql.unsafe<{ n: number }[]>(query);
      return row?.n ?? 0;
    } finally {
      await sql.end();
    }
  }
  const db = await PGlite.create(path.join(server.dataDir, "pglite"));
  try {
    const { rows } = await db.query<{ n: number }>(query);
    return rows[0]?.n ?? 0;
  } finally {
    await db.close();
  }
}
