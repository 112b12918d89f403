import { TRASHABLE_COLLECTIONS, VERSIONED_COLLECTIONS, type CollectionDefinition } from "~/collections";
import {
  revisionPage,
  revisionRestoreRequest,
  trashEntryRecord,
} from "~/server/api/history-resources.server";
import {
  cachedWith,
  cachedWithList,
  named,
  namedOr,
  NO_CONTENT,
  okWith,
  okWithList,
  operatorEndpoint,
  PAGE_QUERY,
  PAGINATION_NOTE,
  publicEndpoint,
  schemaName,
  type ApiOperation,
  type MethodDoc,
} from "~/server/api/openapi-operations.server";
import { isPromotionCollection } from "~/models/promotions.server";
import { ALL_STORES, storeNamed } from "~/server/collections/index.server";
import type { CollectionStore, PagedList, StoreJson } from "~/server/collections/store.server";

/**
 * The operations of the routes that serve every collection (/api/admin/{name}[/{id}] and their history),
 * derived from the collections' declarations (app/collections) and their stores, as the routes are.
 */

/**
 * A collection's record as the API answers it, under the name its declaration gives (`history.api.schema`)
 * or, for one without history in the API, the name its store's record already has.
 */
function apiRecordOf(collection: CollectionDefinition) {
  const json = storeNamed(collection.name)?.json;
  if (!json) throw new Error(`The collection ${collection.name} has no record in the API`);
  const name = collection.history?.api?.schema ?? schemaName(json.record);
  return { json, schemaName: name, record: named(json.record, name) };
}

/** The collections whose store has a JSON API, served at /api/admin/{name}[/{id}]. */
function servedStores(): (CollectionStore & { json: StoreJson<object> })[] {
  return ALL_STORES.filter((store): store is CollectionStore & { json: StoreJson<object> } =>
    Boolean(store.json),
  );
}

/** A collection's summaries: its store's where it has them, else from its noun ("Create a product"). */
function summariesOf(collection: CollectionDefinition, json: StoreJson<object>) {
  const { noun } = collection;
  return {
    list: `Every ${noun}`,
    create: `Create a ${noun}`,
    read: `A ${noun}`,
    update: collection.single ? `Update the ${noun}` : `Update a ${noun}`,
    delete: `Delete a ${noun}`,
    ...json.summaries,
  };
}

/** GET /api/admin/{name} of a paged collection: `?page=` and its filters. */
function pagedDoc({ summary, page, filters }: PagedList): MethodDoc {
  const query = filters.map(({ name, values, description }) => ({ name, enum: values, description }));
  return {
    summary,
    success: okWith(page),
    description: PAGINATION_NOTE,
    query: [PAGE_QUERY, ...query],
    also: [400, 404],
  };
}

/** What every collection's documentation starts from: its record, summaries and descriptions. */
function collectionDocs({ collection, json }: CollectionStore & { json: StoreJson<object> }) {
  const { record, schemaName } = apiRecordOf(collection);
  const summary = summariesOf(collection, json);
  const description = json.descriptions ?? {};
  const awaitsApproval = isPromotionCollection(collection.name);
  return {
    record,
    schemaName,
    /** GET of the record where the store lets it be read on its own. */
    read: json.readable ? { summary: summary.read, success: okWith(record) } : undefined,
    /** The PUT of a settings record or of one of many (`request` is named for each). */
    update: (request: MethodDoc["request"]): MethodDoc => ({
      summary: summary.update,
      success: okWith(record),
      request,
      description: description.update,
      awaitsApproval,
    }),
    summary,
    description,
    awaitsApproval,
  };
}

/** /api/admin/{name}: a settings record's PUT; a collection of many's POST (and GET where it is listed). */
export function collectionOperations(): ApiOperation[] {
  return servedStores().flatMap((store): ApiOperation[] => {
    const { kind, collection, json } = store;
    const docs = collectionDocs(store);
    const path = `/api/admin/${collection.name}`;
    const request = namedOr(kind === "settings" ? json.update : json.create, `${docs.schemaName}Input`);
    if (kind === "settings") return operatorEndpoint(path, { get: docs.read, put: docs.update(request) });
    const list = json.listed ? { summary: docs.summary.list, success: okWithList(docs.record) } : undefined;
    return operatorEndpoint(path, {
      get: json.paged ? pagedDoc(json.paged) : list,
      post: {
        summary: docs.summary.create,
        success: { status: 201, schema: docs.record, location: true },
        request,
        description: docs.description.create,
        awaitsApproval: docs.awaitsApproval,
      },
    });
  });
}

/** /api/admin/{name}/{id}: a record of a collection of many. */
export function collectionItemOperations(): ApiOperation[] {
  return servedStores().flatMap((store): ApiOperation[] => {
    if (store.kind !== "records") return [];
    const docs = collectionDocs(store);
    return operatorEndpoint(`/api/admin/${store.collection.name}/{id}`, {
      get: docs.read,
      put: docs.update(namedOr(store.json.update, `${docs.schemaName}Update`)),
      delete: {
        summary: docs.summary.delete,
        success: NO_CONTENT,
        description: docs.description.delete,
        ...(store.json.deleteConflicts ? { also: [409] } : {}),
      },
    });
  });
}

export const INVALID_RESTORE =
  "Its kept values are no longer valid (a slug or `from` another record now has, a menu item's parent that is gone): the API's answer for an invalid write, `errors` per field";

/** The versioned collections in the API: settings records (`withId: false`) or collections of many. */
function historyRecords(withId: boolean) {
  return VERSIONED_COLLECTIONS.filter(
    (collection) => collection.history.api && collection.single !== withId,
  ).map((collection) => ({
    path: withId ? `/api/admin/${collection.name}/{id}` : `/api/admin/${collection.name}`,
    noun: collection.history.api!.noun,
    record: apiRecordOf(collection).record,
  }));
}

/** /api/admin/{name}[/{id}]/revisions. */
export function revisionsOperations({ withId }: { withId: boolean }): ApiOperation[] {
  return historyRecords(withId).flatMap(({ path, noun }) =>
    operatorEndpoint(`${path}/revisions`, {
      get: {
        summary: `The versions of ${noun}, newest first, 25 a page`,
        success: okWith(revisionPage),
        description: `Every committed write keeps a version: its number, the operator, the time, the fields it changed and the values after it. A record in the trash has no versions here until it is restored. ${PAGINATION_NOTE}`,
        query: [PAGE_QUERY],
        also: [400, 404],
      },
    }),
  );
}

/** /api/admin/{name}[/{id}]/revisions/{version}/restore. */
export function restoreRevisionOperations({ withId }: { withId: boolean }): ApiOperation[] {
  return historyRecords(withId).flatMap(({ path, noun, record }) =>
    operatorEndpoint(`${path}/revisions/{version}/restore`, {
      post: {
        summary: `Restore a version of ${noun}`,
        success: okWith(record),
        request: revisionRestoreRequest,
        requestOptional: true,
        description:
          "Writes that version's values as a new version (audited, so it can be undone in turn) and answers the record as its own endpoints do. The body is optional: with `expectedVersion`, a record that has changed since is not overwritten (409).",
        also: [409],
        errorNotes: {
          400: `Malformed JSON or an invalid body; or: ${INVALID_RESTORE}`,
          404: "No such record, or no such version of it",
        },
      },
    }),
  );
}

/** What a restore from the trash answers: the record, as its own endpoints do. */
export function trashableRecords() {
  return TRASHABLE_COLLECTIONS.map((collection) => apiRecordOf(collection).record);
}

/** "products, statistics, menu items, posts, roles and redirects": what a delete puts in the trash. */
function trashableNames(): string {
  const names = TRASHABLE_COLLECTIONS.map((collection) => `${collection.noun}s`);
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The trash's operations (/api/admin/trash...), over every trashable collection. */
export const trashOperations = {
  list: () =>
    operatorEndpoint("/api/admin/trash", {
      get: {
        summary: "What is in the trash, most recently deleted first",
        success: okWithList(trashEntryRecord),
        description: `Deleted ${trashableNames()} wait here for 30 days (a menu item with the items under it), then go for good with their versions. A short list, so a bare array like the other lists.`,
      },
    }),
  remove: () =>
    operatorEndpoint("/api/admin/trash/{collection}/{id}", {
      delete: {
        summary: "Delete a record in the trash permanently, with its versions",
        success: NO_CONTENT,
        errorNotes: { 404: "Not in the trash" },
      },
    }),
  restore: () =>
    operatorEndpoint("/api/admin/trash/{collection}/{id}/restore", {
      post: {
        summary: "Put a deleted record back, with its id and values",
        success: { status: 200, oneOf: trashableRecords() },
        description:
          "Answers the record as its own endpoints do (a post as `PostAdmin`, a role as `RoleAdmin`); a menu item comes back with the items that were deleted with it. Refused, and left in the trash, when it would no longer be valid.",
        also: [400, 409],
        errorNotes: {
          400: INVALID_RESTORE,
          404: "Not in the trash",
          409: "A product or statistic while financial promotions need approval: save its values as a new change for approval instead",
        },
      },
    }),
};

/** /api/{name}: what visitors read of a collection. */
export function publicOperations(): ApiOperation[] {
  return servedStores().flatMap(({ kind, collection, json }): ApiOperation[] => {
    if (!json.published) return [];
    const { record } = apiRecordOf(collection);
    const success = kind === "records" ? cachedWithList(record) : cachedWith(record);
    return publicEndpoint(`/api/${collection.name}`, "Content", {
      get: { summary: json.published.summary, success },
    });
  });
}
