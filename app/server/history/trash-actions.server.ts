import type { AppLoadContext } from "@remix-run/node";
import type { WriteResult } from "~/models/actor";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import {
  deleteFromTrash,
  getTrashEntry,
  isTrashCollection,
  TRASH_DAYS,
  type TrashEntry,
} from "~/models/trash.server";
import { actorOf, requireAdminPage } from "~/server/auth/auth.server";
import {
  beginAdminWrite,
  failureToast,
  handleAdminDelete,
  notFound,
  recordIdParam,
  successToast,
} from "~/server/forms/admin-action.server";
import { readFormData } from "~/server/forms/form-data.server";
import { redirectWithToast } from "~/server/forms/toast.server";
import { RESTORE_FROM_TRASH, TRASH_SECTIONS } from "~/server/history/history-subjects.server";
import { parseRecordId } from "~/utils/record-id";
import { isDatabaseUnavailable } from "~db/errors.server";
import { UNDO_TARGET } from "~/utils/toast";

/**
 * The trash screen's server side: its "Restore" form post, and the "Delete permanently" confirmation.
 * Everything answers with a redirect to the trash and a toast, so it works the same without JavaScript.
 */

export const TRASH_URL = "/admin/trash";

export const TRASH_MESSAGES = {
  gone: "That record is no longer in the trash.",
  restoreFailed: "Failed to restore. Please try again.",
  deleteFailed: "Failed to delete permanently. Please try again.",
} as const;

/** "the item under it", "the 3 items under it": a menu item's sub-items. */
const itemsUnder = (count: number) => (count === 1 ? "the item under it" : `the ${count} items under it`);

/** "The 3 items under it go with it." (empty without any) */
function goesWithIt(count: number, where: string): string {
  if (count === 0) return "";
  const items = itemsUnder(count);
  return `${items[0]!.toUpperCase()}${items.slice(1)} ${count === 1 ? "goes" : "go"} ${where}.`;
}

/**
 * What a delete confirmation says besides SPEC's question: where the record goes and for how long, and, for
 * a menu item, that the items under it go too.
 */
export function trashNotice(childCount = 0): string {
  const stays = `It goes to the trash, where it can be restored for ${TRASH_DAYS} days.`;
  return childCount > 0 ? `${stays} ${goesWithIt(childCount, "with it")}` : stays;
}

/** A name in a toast, kept short enough for the toast (a redirect's address can be long). */
function quoted(label: string): string {
  return `“${label.length > 80 ? `${label.slice(0, 79)}…` : label}”`;
}

function refusal(entry: TrashEntry, outcome: Exclude<WriteResult<unknown>, { ok: true }>): string {
  switch (outcome.reason) {
    case "invalid":
    case "conflict":
      return `${quoted(entry.label)} was not restored and is still in the trash: ${outcome.message}`;
    case "not_found":
      return TRASH_MESSAGES.gone;
  }
}

/** The "Restore" button of a row: the record back with its id and values, or the reason it cannot be. */
export async function restoreFromTrashAction(request: Request, context: AppLoadContext): Promise<Response> {
  const { user, limited } = await beginAdminWrite(request, context);
  const form = await readFormData(request);
  if (form.get("intent") !== "restore")
    throw new Response("Bad Request", { status: 400, headers: { "Cache-Control": "private, no-store" } });
  if (limited) return redirectWithToast(TRASH_URL, failureToast(RATE_LIMIT_MESSAGE));

  const collection = String(form.get("collection") ?? "");
  const id = parseRecordId(String(form.get("id") ?? ""));
  // A delete's toast offers Undo from its list, and returns there; the trash's own Restore stays here.
  const returnTo = String(form.get("returnTo") ?? "");
  const back = UNDO_TARGET.test(returnTo) ? returnTo : TRASH_URL;
  const entry = isTrashCollection(collection) && id !== null ? await getTrashEntry(collection, id) : null;
  if (!entry) return redirectWithToast(back, failureToast(TRASH_MESSAGES.gone));

  let outcome: WriteResult<unknown>;
  try {
    outcome = await RESTORE_FROM_TRASH[entry.collection](entry.recordId, actorOf(user));
  } catch (error) {
    // A database that is away is the server's 503, as for any page; anything else is this action's failure.
    if (isDatabaseUnavailable(error)) throw error;
    console.error(`[admin] ${TRASH_MESSAGES.restoreFailed}`, error);
    return redirectWithToast(back, failureToast(TRASH_MESSAGES.restoreFailed));
  }
  if (!outcome.ok) return redirectWithToast(back, failureToast(refusal(entry, outcome)));
  const { noun } = TRASH_SECTIONS[entry.collection];
  const along = entry.childCount > 0 ? `, with ${itemsUnder(entry.childCount)}` : "";
  return redirectWithToast(back, successToast(`${noun} restored${along}.`));
}

type EntryParams = { collection?: string; id?: string };

/** The entry a "Delete permanently" address names; null when it has left the trash; 404 for no such address. */
async function trashEntryParam(params: EntryParams): Promise<TrashEntry | null> {
  const { collection } = params;
  if (!isTrashCollection(collection)) throw notFound();
  return getTrashEntry(collection, recordIdParam(params.id));
}

/** What the confirmation page shows. */
export async function deleteFromTrashConfirmation(request: Request, params: EntryParams) {
  await requireAdminPage(request);
  const entry = await trashEntryParam(params);
  if (!entry) throw notFound();
  return {
    label: entry.label,
    noun: TRASH_SECTIONS[entry.collection].noun,
    childCount: entry.childCount,
    along: goesWithIt(entry.childCount, "with it"),
  };
}

/** The confirmation's "Delete permanently": the record and its history gone for good. */
export async function deleteFromTrashAction(request: Request, context: AppLoadContext, params: EntryParams) {
  await requireAdminPage(request);
  const entry = await trashEntryParam(params);
  if (!entry) return redirectWithToast(TRASH_URL, failureToast(TRASH_MESSAGES.gone));
  return handleAdminDelete({
    request,
    context,
    remove: (actor) => deleteFromTrash(entry.collection, entry.recordId, actor),
    listUrl: TRASH_URL,
    successMessage: `${quoted(entry.label)} deleted permanently.`,
    failureMessage: TRASH_MESSAGES.deleteFailed,
  });
}
