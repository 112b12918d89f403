import { z } from "zod";
import type { Revision } from "~/models/revisions.server";
import { VERSIONED_COLLECTIONS, type VersionedCollection } from "~/collections";
import { TRASH_COLLECTIONS, type TrashCollection, type TrashEntry } from "~/models/trash.server";
import { idNumber, isoTime, named, pageSchema } from "~/server/api/openapi-operations.server";
import { storeNamed } from "~/server/collections/index.server";

/**
 * What the history endpoints (/api/admin/.../revisions, /api/admin/trash) accept and answer. The OpenAPI
 * document is generated from these schemas.
 */

export const revisionRecord = named(
  z.object({
    version: z.number().int().min(1),
    actorEmail: z.string().meta({
      description:
        "Who made this version; empty for the version a record had when its history began (its author is not known)",
    }),
    createdAt: isoTime,
    changedFields: z
      .array(z.string())
      .meta({ description: "The fields this version changed from the one before it" }),
    values: z.record(z.string(), z.unknown()).meta({
      description:
        "The record's editable fields as they were after this version's write, named as in the record; the id, version and timestamps are not part of it",
    }),
    note: z.string().meta({
      description:
        'What the write was when it was not a plain save: "Restored version 3", "Restored from the trash"',
    }),
  }),
  "Revision",
);

export const revisionPage = pageSchema(
  revisionRecord,
  "RevisionPage",
  "One page of a record's versions, newest first, 25 a page",
);

/** The optional body of a restore: the record's version the client last saw, to refuse a stale restore. */
export const revisionRestoreRequest = named(
  z.strictObject({
    expectedVersion: z.number().int().min(0).max(2_147_483_647).optional().meta({
      description:
        "The record's current version as the client knows it: 409 if it has changed since. Absent: restore whatever the record is now.",
    }),
  }),
  "RevisionRestoreInput",
);

export const trashEntryRecord = named(
  z.object({
    collection: z.enum(TRASH_COLLECTIONS),
    id: idNumber.meta({ description: "The record's id, which it keeps when restored" }),
    label: z.string().meta({ description: "Its name when it was deleted" }),
    deletedBy: z.string().meta({ description: "The operator who deleted it" }),
    deletedAt: isoTime,
    purgeAt: isoTime.meta({
      description: "When it leaves the trash for good (30 days after it was deleted)",
    }),
    childCount: z
      .number()
      .int()
      .min(0)
      .meta({ description: "Menu items under it that were deleted with it and come back with it" }),
  }),
  "TrashEntry",
);

type ToJson = (record: unknown) => unknown;

/** The versioned collections whose history is in the API (app/collections). */
export type HistoryApiName = Extract<VersionedCollection, { history: { api: object } }>["name"];

export function isHistoryApiName(name: string | undefined): name is HistoryApiName {
  return name !== undefined && Object.hasOwn(HISTORY_API_RECORDS, name);
}

/** Per API name, from its store: the 404 message its own routes use, its JSON, its kept values as the API spells them. */
export const HISTORY_API_RECORDS = Object.fromEntries(
  VERSIONED_COLLECTIONS.flatMap((collection) => {
    if (!collection.history.api) return [];
    const json = storeNamed(collection.name)?.json;
    if (!json)
      throw new Error(
        `The collection ${collection.name} has its history in the API but no JSON of its records`,
      );
    return [
      [collection.name, { notFound: json.notFound, toJson: json.toJson as ToJson, values: json.values }],
    ];
  }),
) as Record<
  HistoryApiName,
  { notFound: string; toJson: ToJson; values?: (values: Record<string, unknown>) => Record<string, unknown> }
>;

export function revisionJson(revision: Revision, apiName: HistoryApiName): z.output<typeof revisionRecord> {
  const values = HISTORY_API_RECORDS[apiName].values?.(revision.values) ?? revision.values;
  return {
    version: revision.version,
    actorEmail: revision.actorEmail,
    createdAt: revision.createdAt.toISOString(),
    changedFields: [...revision.changedFields],
    values,
    note: revision.note,
  };
}

export function trashEntryJson(entry: TrashEntry): z.output<typeof trashEntryRecord> {
  return {
    collection: entry.collection,
    id: entry.recordId,
    label: entry.label,
    deletedBy: entry.deletedBy,
    deletedAt: entry.deletedAt.toISOString(),
    purgeAt: entry.purgeAt.toISOString(),
    childCount: entry.childCount,
  };
}

/** A trash collection's records are the API's records of the same name. */
export const trashRecordJson = (collection: TrashCollection): ToJson =>
  HISTORY_API_RECORDS[collection].toJson;
