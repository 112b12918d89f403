import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

/** How many contact messages a stopped server left in its data folder's embedded database. */
export async function storedMessageCount(dataDir: string): Promise<number> {
  const db = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from contact_messages");
    return rows[0]?.n ?? 0;
  } finally {
    await db.close();
  }
}
