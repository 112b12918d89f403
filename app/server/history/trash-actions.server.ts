import type { AppLoadContext } from "@remix-run/node";
import type { WriteResult } from "~/models/actor";
import {
  deleteFromTrash,
  getTrashEntry,
  isTrashCollection,
  TRASH_DAYS,
  type TrashEntry,
} from "~/models/trash.server";
import { actorOf, requireAdminPage } from "~/server/auth/auth.server";
import { failureToast, handleAdminDelete, notFound, recordIdParam, successToast } from "~/server/forms/admin-action.server";
import { handleAdminButton } from "~/server/forms/admin-button.server";
import { redirectWithToast } from "~/server/forms/toast.server";
import { RESTORE_FROM_TRASH, TRASH_SECTIONS } from "~/server/history/history-subjects.server";
import { parseRecordId } from "~/utils/record-id";
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

/** A delete's toast offers Undo from its list, and returns there; the trash's own Restore stays here. */
function returnPlace(form: FormData): string {
  const returnTo = String(form.get("returnTo") ?? "");
  return UNDO_TARGET.test(returnTo) ? returnTo : TRASH_URL;
}

/** The "Restore" button of a row: the record back with its id and values, or the reason it cannot be. */
export async function restoreFromTrashAction(request: Request, context: AppLoadContext): Promise<Response> {
  return handleAdminButton({
    request,
    context,
    intents: ["restore"],
    back: returnPlace,
    failureMessage: TRASH_MESSAGES.restoreFailed,
    async run(form, user) {
      const collection = String(form.get("collection") ?? "");
      const id = parseRecordId(String(form.get("id") ?? ""));
      const entry = isTrashCollection(collection) && id !== null ? await getTrashEntry(collection, id) : null;
      if (!entry) return failureToast(TRASH_MESSAGES.gone);
      const outcome = await RESTORE_FROM_TRASH[entry.collection](entry.recordId, actorOf(user));
      if (!outcome.ok) return failureToast(refusal(entry, outcome));
      const { noun } = TRASH_SECTIONS[entry.collection];
      const along = entry.childCount > 0 ? `, with ${itemsUnder(entry.childCount)}` : "";
      return successToast(`${noun} restored${along}.`);
    },
  });
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
