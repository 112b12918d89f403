import { mediaExists } from "~/models/media.server";
import { listRevisions } from "~/models/revisions.server";
import { getTrashEntry, isTrashCollection } from "~/models/trash.server";
import { parseRecordId } from "~/utils/record-id";
import { HISTORY_SUBJECTS } from "./history-subjects.server";

/**
 * The history screen of a record named as the audit log names it ("product", "12"), when the record still
 * exists and has versions kept; the trash when the record is waiting there; an image's page while it is in
 * the library; null otherwise.
 */
export async function historyUrlFor(entity: string, entityId: string): Promise<string | null> {
  // Images keep no versions: their own page, while they are in the library.
  if (entity === "media") {
    const id = parseRecordId(entityId);
    return id !== null && (await mediaExists(id)) ? `/admin/media/${id}` : null;
  }
  const subject = HISTORY_SUBJECTS.find((candidate) => candidate.entity === entity);
  const id = subject?.parseId(entityId) ?? null;
  if (!subject || id === null) return null;
  const [current, kept] = await Promise.all([subject.current(id), listRevisions(subject.entity, id, { limit: 1 })]);
  if (current) return kept.length > 0 ? subject.historyUrl(id) : null;
  const collection = subject.apiName ?? undefined;
  return isTrashCollection(collection) && (await getTrashEntry(collection, Number(id))) ? "/admin/trash" : null;
}

/** `historyUrlFor` for each entry of a list (the dashboard's recent activity), each record looked up once. */
export async function historyUrlsFor(entries: readonly { entity: string; entityId: string }[]): Promise<(string | null)[]> {
  const lookups = new Map<string, Promise<string | null>>();
  return Promise.all(
    entries.map(({ entity, entityId }) => {
      const key = JSON.stringify([entity, entityId]);
      let lookup = lookups.get(key);
      if (!lookup) lookups.set(key, (lookup = historyUrlFor(entity, entityId)));
      return lookup;
    }),
  );
}
