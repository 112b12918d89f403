import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isPromotionCollection } from "~/models/promotions.server";
import type { TrashCollection } from "~/models/trash.server";
import { pendingNoticeOf } from "~/server/promotions/approvals.server";
import { adminListPath, capitalNoun } from "~/collections";
import type { JsonRow } from "~/collections/dialogs";
import { requireAdminPage } from "~/server/auth/auth.server";
import { dialogStoreAt } from "~/server/collections/index.server";
import type { DialogStore } from "~/server/collections/store.server";
import {
  ADMIN_CACHE_HEADERS,
  handleAdminForm,
  notFound,
  recordIdParam,
} from "~/server/forms/admin-action.server";
import { deleteConfirmationLoader, deleteRecordAction } from "~/server/forms/delete-route.server";

/**
 * The loaders and actions of every collection edited in dialogs over its list (the declaration's
 * `dialogs`: products, statistics, menu items): /admin/{section}, /new, /{id}/edit and /{id}/delete, one
 * route each for all of them. A section that is not one of them is a 404.
 */

function dialogStore(params: LoaderFunctionArgs["params"]): DialogStore {
  const store = dialogStoreAt(params.section);
  if (!store) throw notFound();
  return store;
}

/**
 * SPEC's toasts of a collection, from its noun ("Menu item"): "Menu item created successfully!" and
 * "Failed to create menu item. Please try again.", the same for update and delete.
 */
function recordToasts(
  store: DialogStore,
  done: "created" | "updated" | "deleted",
  doing: "create" | "update" | "delete",
) {
  const noun = capitalNoun(store.collection);
  return {
    successMessage: `${noun} ${done} successfully!`,
    failureMessage: `Failed to ${doing} ${noun.toLowerCase()}. Please try again.`,
  };
}

/** A record as the form holds it: the schema's fields (and its version), mapped where the declaration says. */
function formValuesOf(store: DialogStore, record: object): JsonRow {
  const { schema, formValues } = store.collection.dialogs;
  const row = record as JsonRow;
  const values = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, row[key] ?? null]));
  return formValues ? formValues(values) : values;
}

/** The list: `{ section, records }`, in display order. */
export async function recordListLoader({ request, params }: LoaderFunctionArgs) {
  const store = dialogStore(params);
  await requireAdminPage(request);
  return data(
    { section: store.collection.section, records: (await store.list()) as JsonRow[] },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

/** The create dialog: the display order a new record takes by default (after the last), where it has one. */
export async function newRecordLoader({ request, params }: LoaderFunctionArgs) {
  const store = dialogStore(params);
  await requireAdminPage(request);
  const displayOrder = store.nextDisplayOrder ? await store.nextDisplayOrder() : undefined;
  return data({ displayOrder }, { headers: ADMIN_CACHE_HEADERS });
}

export function createRecordAction({ request, context, params }: ActionFunctionArgs) {
  const store = dialogStore(params);
  return handleAdminForm({
    request,
    context,
    schema: store.collection.dialogs.schema,
    write: (value, actor) => store.create(value, actor),
    successUrl: adminListPath(store.collection),
    ...recordToasts(store, "created", "create"),
  });
}

/** The edit dialog: `{ record }` as the form holds it; a record that is not there is a 404. */
export async function editRecordLoader({ request, params }: LoaderFunctionArgs) {
  const store = dialogStore(params);
  await requireAdminPage(request);
  const id = recordIdParam(params.id);
  const record = await store.get(id);
  if (!record) throw notFound();
  const { name } = store.collection;
  const pending = isPromotionCollection(name) ? await pendingNoticeOf(name, id) : null;
  return data({ record: formValuesOf(store, record), pending }, { headers: ADMIN_CACHE_HEADERS });
}

export function updateRecordAction({ request, context, params }: ActionFunctionArgs) {
  const store = dialogStore(params);
  const id = recordIdParam(params.id);
  const { section, dialogs } = store.collection;
  return handleAdminForm({
    request,
    context,
    schema: dialogs.schema,
    write: (value, actor, version) => store.update(id, value, actor, version),
    current: {
      section,
      id,
      read: () => store.get(id),
      formValues: (record) => formValuesOf(store, record),
      valueLabels: dialogs.valueLabels,
    },
    successUrl: adminListPath(store.collection),
    ...recordToasts(store, "updated", "update"),
  });
}

/** The delete confirmation: the record's name as its list shows it, and what goes to the trash with it (see deleteConfirmationLoader). */
export function deleteRecordLoader(args: LoaderFunctionArgs) {
  const store = dialogStore(args.params);
  return deleteConfirmationLoader(args, {
    read: (id) => store.get(id),
    name: (record) => store.collection.dialogs.row.name(record as JsonRow),
    along: store.dependents ? (record) => store.dependents!(record) : undefined,
  });
}

export function removeRecordAction(args: ActionFunctionArgs) {
  const store = dialogStore(args.params);
  return deleteRecordAction(args, {
    remove: (id, actor) => store.remove(id, actor),
    listUrl: adminListPath(store.collection),
    trash: store.collection.trashable
      ? {
          collection: store.collection.name as TrashCollection,
          label: async (id) => {
            const record = await store.get(id);
            return record ? store.collection.dialogs.row.name(record as JsonRow) : null;
          },
        }
      : undefined,
    ...recordToasts(store, "deleted", "delete"),
  });
}
