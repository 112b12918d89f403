import { pageOfRevisions } from "~/models/revisions.server";
import { deleteFromTrash, isTrashCollection, listTrash, type TrashCollection } from "~/models/trash.server";
import {
  API_MESSAGES,
  apiError,
  apiRoute,
  noContent,
  parseId,
  privateJson,
  readJsonBody,
  requireOperatorWrite,
  writtenRecord,
  type ApiArgs,
  type ApiMethod,
  type ApiMethodHandler,
} from "~/server/api/api.server";
import {
  HISTORY_API_RECORDS,
  isHistoryApiName,
  revisionJson,
  revisionRestoreRequest,
  trashEntryJson,
  trashRecordJson,
  type HistoryApiName,
} from "~/server/api/history-resources.server";
import { PAGE_NOT_FOUND, pageLinks, pageParam } from "~/server/api/publishing-api.server";
import { actorOf, requireAdminApi } from "~/server/auth/auth.server";
import {
  RESTORE_FROM_TRASH,
  subjectByApiName,
  type HistorySubject,
} from "~/server/history/history-subjects.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";

/**
 * The history endpoints: a record's versions and restoring one (/api/admin/{name}/revisions,
 * /api/admin/{name}/{id}/revisions), and the trash (/api/admin/trash). Each answer, errors included, is for
 * the operator alone: `Cache-Control: private, no-store`. A model's refusal maps as for every write of the
 * API: 404 not found, 409 stale (`expectedVersion`), 400 with `errors` per field when the kept values are
 * no longer valid (a slug or `from` taken, a menu item's parent gone).
 */

export const REVISIONS_PAGE_SIZE = 25;
export const VERSION_NOT_FOUND = "Version not found";
export const NOT_IN_TRASH = "Not in the trash";

/** apiRoute, with every answer marked private and never stored. */
export function operatorRoute(handlers: Partial<Record<ApiMethod, ApiMethodHandler>>): ApiMethodHandler {
  const handle = apiRoute(handlers);
  return async (args) => {
    const response = await handle(args);
    response.headers.set("Cache-Control", PRIVATE_NO_STORE);
    return response;
  };
}

/**
 * The versioned collection a history URL names (`/api/admin/{collection}/...`), once the operator is signed
 * in (signed out, every admin path is a 401, as for every admin route): 404 for a name that is not one, for
 * a settings record's name with an id, and for a collection of many without one.
 */
function subjectNamed(
  args: ApiArgs,
  withId: boolean,
): { subject: RestorableSubject; apiName: HistoryApiName } {
  const apiName = args.params.collection;
  const subject = subjectByApiName(apiName);
  if (!subject?.restore || !isHistoryApiName(apiName) || subject.single === withId)
    throw apiError(404, API_MESSAGES.notFound);
  return { subject: subject as RestorableSubject, apiName };
}
type RestorableSubject = HistorySubject & { restore: NonNullable<HistorySubject["restore"]> };

/** The record's id from the URL ("1" for a settings record), 404 when it is not one or the record does not exist. */
async function existingRecordId(
  subject: HistorySubject,
  apiName: HistoryApiName,
  args: ApiArgs,
): Promise<string> {
  const { notFound } = HISTORY_API_RECORDS[apiName];
  if (subject.single) return "1";
  const id = String(parseId(args.params.id, notFound));
  if (!(await subject.current(id))) throw apiError(404, notFound);
  return id;
}

/** The optional JSON body of a restore: none at all is `{}`; anything sent must be the strict object. */
async function readRestoreBody(request: Request): Promise<{ expectedVersion?: number }> {
  const sent = await request.clone().arrayBuffer();
  if (sent.byteLength === 0 && !request.headers.get("Content-Type")) return {};
  return readJsonBody(request, revisionRestoreRequest);
}

/**
 * GET /api/admin/{collection}/revisions (a settings record) or /api/admin/{collection}/{id}/revisions: the
 * record's versions, newest first, 25 a page (`?page=`), with Link headers to the neighbours.
 */
export function revisionsRoute({ withId }: { withId: boolean }): ApiMethodHandler {
  return operatorRoute({
    async GET(args) {
      await requireAdminApi(args.request);
      const { subject, apiName } = subjectNamed(args, withId);
      const id = await existingRecordId(subject, apiName, args);
      const requested = pageParam(args.request);
      const { items, total } = await pageOfRevisions(subject.entity, id, requested, REVISIONS_PAGE_SIZE);
      const pageCount = Math.max(1, Math.ceil(total / REVISIONS_PAGE_SIZE));
      if (requested > pageCount) throw apiError(404, PAGE_NOT_FOUND);
      return privateJson(
        {
          items: items.map((revision) => revisionJson(revision, apiName)),
          page: requested,
          pageCount,
          total,
        },
        pageLinks(args.request, requested, pageCount),
      );
    },
  });
}

/** POST .../revisions/{version}/restore: that version's values written as a new version; 200 with the record. */
export function restoreRevisionRoute({ withId }: { withId: boolean }): ApiMethodHandler {
  return operatorRoute({
    async POST(args) {
      const user = await requireOperatorWrite(args);
      const { subject, apiName } = subjectNamed(args, withId);
      const id = await existingRecordId(subject, apiName, args);
      const version = parseId(args.params.version, VERSION_NOT_FOUND);
      const { expectedVersion } = await readRestoreBody(args.request);
      const record = writtenRecord(
        await subject.restore(id, version, actorOf(user), expectedVersion),
        VERSION_NOT_FOUND,
      );
      return privateJson(HISTORY_API_RECORDS[apiName].toJson(record));
    },
  });
}

/** GET /api/admin/trash: what is in the trash, most recently deleted first (a short list: it empties itself). */
export const trashListRoute = operatorRoute({
  async GET({ request }) {
    await requireAdminApi(request);
    return privateJson((await listTrash()).map(trashEntryJson));
  },
});

function trashEntryParams(args: ApiArgs): { collection: TrashCollection; id: number } {
  const { collection } = args.params;
  if (!isTrashCollection(collection)) throw apiError(404, NOT_IN_TRASH);
  return { collection, id: parseId(args.params.id, NOT_IN_TRASH) };
}

/** DELETE /api/admin/trash/{collection}/{id}: gone for good, with its history; 204. */
export const trashItemRoute = operatorRoute({
  async DELETE(args) {
    const user = await requireOperatorWrite(args);
    const { collection, id } = trashEntryParams(args);
    if (!(await deleteFromTrash(collection, id, actorOf(user)))) throw apiError(404, NOT_IN_TRASH);
    return noContent();
  },
});

/** POST /api/admin/trash/{collection}/{id}/restore: back with its id and values; 200 with the record. */
export const trashRestoreRoute = operatorRoute({
  async POST(args) {
    const user = await requireOperatorWrite(args);
    const { collection, id } = trashEntryParams(args);
    const record = writtenRecord(await RESTORE_FROM_TRASH[collection](id, actorOf(user)), NOT_IN_TRASH);
    return privateJson(trashRecordJson(collection)(record));
  },
});
