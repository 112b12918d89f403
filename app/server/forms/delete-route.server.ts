import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { Actor, WriteResult } from "~/models/actor";
import { requireAdminPage } from "~/server/auth/auth.server";
import { trashNotice } from "~/server/history/trash-actions.server";
import { ADMIN_CACHE_HEADERS, handleAdminDelete, notFound, recordIdParam } from "./admin-action.server";

/**
 * A record's delete confirmation (products, statistics, menu items, posts, roles, redirects): the loader
 * names the record and says it goes to the trash (with the items under it); a missing record is a 404.
 */
export async function deleteConfirmationLoader<TRecord>(
  { request, params }: LoaderFunctionArgs,
  options: { read: (id: number) => Promise<TRecord | null>; name: (record: TRecord) => string; along?: (record: TRecord) => Promise<number> },
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
  options: { remove: (id: number, actor: Actor) => Promise<WriteResult<unknown>>; listUrl: string; successMessage: string; failureMessage: string },
) {
  const id = recordIdParam(params.id);
  return handleAdminDelete({
    request,
    context,
    remove: (actor) => options.remove(id, actor),
    listUrl: options.listUrl,
    successMessage: options.successMessage,
    failureMessage: options.failureMessage,
  });
}
