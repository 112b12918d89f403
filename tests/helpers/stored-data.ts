import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, rows } from "../../db/client.server";

/** How many contact messages a stopped server left in its data folder's embedded database. */
export async function storedMessageCount(dataDir: string): Promise<number> {
  const stored = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
  try {
    const [row] = await rows<{ n: number }>(stored.db, sql`select count(*)::int as n from contact_messages`);
    return row?.n ?? 0;
  } finally {
    await stored.close();
  }
}
