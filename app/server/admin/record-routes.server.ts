import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ZodType } from "zod";
import { adminListPath, capitalNoun, type Collection } from "~/collections";
import type { Actor, WriteResult } from "~/models/actor";
import { requireAdminPage } from "~/server/auth/auth.server";
import {
  ADMIN_CACHE_HEADERS,
  handleAdminForm,
  notFound,
  recordIdParam,
} from "~/server/forms/admin-action.server";
import { deleteConfirmationLoader, deleteRecordAction } from "~/server/forms/delete-route.server";
import type { StaleSaveSource } from "~/server/forms/stale-save.server";

/**
 * The loaders and actions of a collection edited in dialogs under its list (products, statistics, menu
 * items): /admin/<collection>, /new, /:id/edit and /:id/delete. Each route file declares its own with the
 * collection's model functions and schema.
 */

/**
 * SPEC's toasts of a collection, from its noun ("Menu item"): "Menu item created successfully!" and
 * "Failed to create menu item. Please try again.", the same for update and delete.
 */
function recordToasts(
  noun: string,
  done: "created" | "updated" | "deleted",
  doing: "create" | "update" | "delete",
) {
  return {
    successMessage: `${noun} ${done} successfully!`,
    failureMessage: `Failed to ${doing} ${noun.toLowerCase()}. Please try again.`,
  };
}

interface RecordWrite<TValue extends { version?: number }> {
  /** Its declaration: SPEC's toasts start with its noun ("Product", "Menu item"), a save goes back to its list. */
  collection: Collection;
  schema: ZodType<TValue>;
}

/** The list: `{ [key]: records }` ("products", "statistics"...). */
export function recordListLoader<TKey extends string, TRecord>(key: TKey, list: () => Promise<TRecord[]>) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireAdminPage(request);
    return data({ [key]: await list() } as Record<TKey, TRecord[]>, { headers: ADMIN_CACHE_HEADERS });
  };
}

/** The create dialog: the display order a new record takes by default (after the last). */
export function newRecordLoader(nextOrder: () => Promise<number>) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireAdminPage(request);
    return data({ displayOrder: await nextOrder() }, { headers: ADMIN_CACHE_HEADERS });
  };
}

export function createRecordAction<TValue extends { version?: number }>(
  options: RecordWrite<TValue> & {
    create: (value: Omit<TValue, "version">, actor: Actor) => Promise<WriteResult<unknown>>;
  },
) {
  return ({ request, context }: ActionFunctionArgs) =>
    handleAdminForm({
      request,
      context,
      schema: options.schema,
      write: (value, actor) => options.create(value, actor),
      successUrl: adminListPath(options.collection),
      ...recordToasts(capitalNoun(options.collection), "created", "create"),
    });
}

/** The edit dialog: `{ [key]: the record as the form holds it }`; a record that is not there is a 404. */
export function editRecordLoader<TKey extends string, TRecord, TForm>(
  key: TKey,
  read: (id: number) => Promise<TRecord | null>,
  formValues: (record: TRecord) => TForm,
) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    await requireAdminPage(request);
    const record = await read(recordIdParam(params.id));
    if (!record) throw notFound();
    return data({ [key]: formValues(record) } as Record<TKey, TForm>, { headers: ADMIN_CACHE_HEADERS });
  };
}

export function updateRecordAction<TValue extends { version?: number }, TRecord extends { version: number }>(
  options: RecordWrite<TValue> & {
    update: (
      id: number,
      value: Omit<TValue, "version">,
      actor: Actor,
      expectedVersion: number | undefined,
    ) => Promise<WriteResult<unknown>>;
    read: (id: number) => Promise<TRecord | null>;
    /** A stale save's merge: the history section, and how the record reads in the form (see StaleSaveSource). */
    current: Omit<StaleSaveSource<TRecord>, "id" | "read">;
  },
) {
  return ({ request, context, params }: ActionFunctionArgs) => {
    const id = recordIdParam(params.id);
    return handleAdminForm({
      request,
      context,
      schema: options.schema,
      write: (value, actor, version) => options.update(id, value, actor, version),
      current: { ...options.current, id, read: () => options.read(id) },
      successUrl: adminListPath(options.collection),
      ...recordToasts(capitalNoun(options.collection), "updated", "update"),
    });
  };
}

/** The delete confirmation: the record's name and what goes to the trash with it (see deleteConfirmationLoader). */
export function deleteRecordLoader<TRecord>(
  read: (id: number) => Promise<TRecord | null>,
  name: (record: TRecord) => string,
  along?: (record: TRecord) => Promise<number>,
) {
  return (args: LoaderFunctionArgs) => deleteConfirmationLoader(args, { read, name, along });
}

export function removeRecordAction(options: {
  collection: Collection;
  remove: (id: number, actor: Actor) => Promise<WriteResult<unknown>>;
}) {
  return (args: ActionFunctionArgs) =>
    deleteRecordAction(args, {
      remove: options.remove,
      listUrl: adminListPath(options.collection),
      ...recordToasts(capitalNoun(options.collection), "deleted", "delete"),
    });
}
