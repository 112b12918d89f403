import crypto from "node:crypto";
import type { DatabaseHandle } from "~db/client.server";
import { clearContentCache, setContentChangeAnnouncer } from "~/models/content-cache.server";

export const CONTENT_CHANNEL = "kestrel_content_changed";

/**
 * Keeps every instance's content cache in step: a write here clears this cache at once and NOTIFYs the
 * others, which clear theirs when the notification arrives. A listener that (re)connects clears too,
 * since it may have missed notifications while the database was away.
 */
export async function startContentSync(database: DatabaseHandle): Promise<() => Promise<void>> {
  const instance = crypto.randomUUID();
  const unlisten = await database.listen(
    CONTENT_CHANNEL,
    (payload) => {
      if (payload !== instance) clearContentCache();
    },
    clearContentCache,
  );
  setContentChangeAnnouncer(() => database.notify(CONTENT_CHANNEL, instance));
  return async () => {
    setContentChangeAnnouncer(undefined);
    await unlisten().catch(() => {});
  };
}
