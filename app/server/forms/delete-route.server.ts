import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { Actor, WriteResult } from "~/models/actor";
import type { TrashCollection } from "~/models/trash.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { trashNotice } from "~/server/history/trash-actions.server";
import { ADMIN_CACHE_HEADERS, handleAdminDelete, notFound, recordIdParam } from "./admin-action.server";

/**
 * A record's delete confirmation (products, statistics, menu items, posts, roles, redirects): the loader
 * names the record and says it goes to the trash (with the items under it); a missing record is a 404.
 */
export async function deleteConfirmationLoader<TRecord>(
  { request, params }: LoaderFunctionArgs,
  options: {
    read: (id: number) => Promise<TRecord | null>;
    name: (record: TRecord) => string;
    along?: (record: TRecord) => Promise<number>;
  },
) {
  await requireAdminPage(request);
  const record = await options.read(recordIdParam(params.id));
  if (!record) throw notFound();
  const along = options.along ? await options.along(record) : 0;
  return data({ name: options.name(record), note: trashNotice(along) }, { headers: ADMIN_CACHE_HEADERS });
}

/** The confirmation's form post: the delete, then the list with SPEC's toast. */
export function deleteRecordAction(
  { request, context, params }: ActionFunctionArgs,
  options: {
    remove: (id: number, actor: Actor) => Promise<WriteResult<unknown>>;
    listUrl: string;
    successMessage: string;
    failureMessage: string;
    /** Where a delete goes in the trash and what the record is called: the toast then offers Undo. */
    trash?: { collection: TrashCollection; label: (id: number) => Promise<string | null> };
  },
) {
  const id = recordIdParam(params.id);
  let label: string | null = null;
  return handleAdminDelete({
    request,
    context,
    remove: async (actor) => {
      // Read as the delete is made (after the sign-in and origin checks), for the toast's Undo.
      if (options.trash) label = await options.trash.label(id);
      return options.remove(id, actor);
    },
    listUrl: options.listUrl,
    successMessage: options.successMessage,
    failureMessage: options.failureMessage,
    undo: () =>
      options.trash && label !== null ? { collection: options.trash.collection, id, label } : undefined,
  });
}
