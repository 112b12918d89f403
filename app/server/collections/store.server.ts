import { z } from "zod";
import type { CollectionDefinition as Collection } from "~/collections";
import type { DialogScreen } from "~/collections/dialogs";
import type { Actor, WriteResult } from "~/models/actor";
import type { PageOf } from "~/utils/pagination";

/**
 * What the server needs of a collection beyond its declaration (app/collections): how its records are read
 * and written. The admin's dialogs, the JSON API's create/update/delete, history and the trash all work
 * from a store, so a record type is bound here once rather than in each of them.
 */

/** How the JSON API spells a collection's records: what it accepts, what it answers. */
export interface StoreJson<TRow> {
  /** The 404's message: "Product not found". */
  notFound: string;
  /** A record as answered; the OpenAPI document's schema of it. */
  record: z.ZodObject;
  toJson(row: TRow): unknown;
  /** The body of a create (many records) or of the one update (a settings record). */
  create: z.ZodObject;
  /** The body of an update of one of many, with its optional `version`. */
  update: z.ZodObject;
  /** Kept values as the API spells them, where the table keeps them otherwise. */
  values?(values: Record<string, unknown>): Record<string, unknown>;
  /** GET /api/admin/{name} answers an operator the store's whole list. */
  listed?: boolean;
  /** GET /api/{name}: what visitors read (the list in display order, or the settings record), from the content cache. */
  published?: { summary: string; read(): Promise<object> };
  /** GET /api/admin/{name} answers a page of every record, any state, narrowed by its query's filters (posts, roles). */
  paged?: PagedList;
  /** GET /api/admin/{name}/{id} answers the record, whatever its state (posts, roles); for a settings record, GET /api/admin/{name}. */
  readable?: boolean;
  /** Reads a create's or an update's body with its schema, where there is more to it than that (a slug made from the title). */
  readBody?(request: Request, schema: z.ZodObject): Promise<Record<string, unknown>>;
  /** The operations' summaries when "Create a product" does not say it well. */
  summaries?: Partial<Record<Operation, string>>;
  /** What an operation's summary leaves out, in the OpenAPI document. */
  descriptions?: Partial<Record<Operation, string>>;
  /** A delete the model may refuse with 409 (the last admin). */
  deleteConflicts?: boolean;
}

type Operation = "list" | "create" | "read" | "update" | "delete";

// Method signatures on purpose: a store of products is a RecordStore, its functions taking products.

/** An operator's paged list of a collection: `?page=` and each filter, a 400 when it is not one of its values. */
export interface PagedList {
  summary: string;
  /** The page as answered: `{ items, page, pageCount, total }`. */
  page: z.ZodObject;
  filters: readonly { name: string; values: readonly string[]; description: string }[];
  /** `page` from 1, and each filter's value or null. */
  list(query: { page: number; [filter: string]: string | number | null }): Promise<PageOf<object>>;
}

/** A collection of many records, each with an id (products, statistics...). */
export interface RecordStore<TRow extends { id: number; version: number } = { id: number; version: number }> {
  kind: "records";
  collection: Collection;
  get(id: number): Promise<TRow | null>;
  /** Every record, in display order (absent where the list is paged: posts, roles). */
  list?(): Promise<TRow[]>;
  nextDisplayOrder?(): Promise<number>;
  create(input: unknown, actor: Actor): Promise<WriteResult<TRow>>;
  update(id: number, input: unknown, actor: Actor, expectedVersion?: number): Promise<WriteResult<TRow>>;
  remove(id: number, actor: Actor): Promise<WriteResult<TRow>>;
  restoreVersion(
    id: number,
    version: number,
    actor: Actor,
    expectedVersion?: number,
  ): Promise<WriteResult<unknown>>;
  /** Null: a delete is for good (it is not trashable). */
  restoreFromTrash: ((id: number, actor: Actor) => Promise<WriteResult<unknown>>) | null;
  /** Its name in headings, the trash and delete confirmations. */
  label(row: TRow): string;
  /** How many records a delete takes to the trash with this one (a menu item's sub-items). */
  dependents?(row: TRow): Promise<number>;
  json: StoreJson<TRow> | null;
}

/** A collection of one record (settings). */
export interface SettingsStore<TRow extends { version: number } = { version: number }> {
  kind: "settings";
  collection: Collection;
  /** Straight from the database; version 0 until first saved. */
  read(): Promise<TRow>;
  update(input: unknown, actor: Actor, expectedVersion?: number): Promise<WriteResult<TRow>>;
  restoreVersion(version: number, actor: Actor, expectedVersion?: number): Promise<WriteResult<unknown>>;
  json: StoreJson<TRow> | null;
}

export type CollectionStore = RecordStore | SettingsStore;

/** A collection of many edited in the admin's dialogs: its declaration says how, its store has the whole list. */
export type DialogStore = RecordStore & {
  collection: { dialogs: DialogScreen };
  list(): Promise<{ id: number; version: number }[]>;
  /** Where its records have a display order (not the operators). */
  nextDisplayOrder?(): Promise<number>;
};

/** What every record of many gets from the server: an id, its version, its timestamps. */
export const ASSIGNED_FIELDS = {
  id: z.number().int().min(1),
  version: z.number().int().min(0),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
};

/** A row as its record schema names it: only those fields, dates as ISO strings, a missing value as null. */
export function pickJson(record: z.ZodObject) {
  const keys = Object.keys(record.shape);
  return (row: object): unknown =>
    Object.fromEntries(
      keys.map((key) => {
        const value = (row as Record<string, unknown>)[key];
        return [key, value instanceof Date ? value.toISOString() : (value ?? null)];
      }),
    );
}

/**
 * The API of a collection of many whose body is its form's schema (with `version` on updates only) and
 * whose record is that schema plus the assigned fields. Overrides for what differs.
 */
export function formJson(
  schema: z.ZodObject,
  notFound: string,
  overrides: Partial<StoreJson<object>> = {},
): StoreJson<object> {
  const record = overrides.record ?? schema.extend(ASSIGNED_FIELDS);
  return {
    notFound,
    record,
    toJson: pickJson(record),
    create: z.strictObject(schema.omit({ version: true }).shape),
    update: z.strictObject(schema.shape),
    ...overrides,
  };
}

/** The API of a settings record: one body for its update, and the record answered as its schema names it. */
export function settingsJson(
  request: z.ZodObject,
  record: z.ZodObject,
  notFound: string,
  more: Partial<StoreJson<object>> = {},
): StoreJson<object> {
  return { notFound, record, toJson: pickJson(record), create: request, update: request, ...more };
}

/**
 * A settings record visitors read (GET /api/{name}, from the content cache: the model's `get`) and
 * operators replace (PUT /api/admin/{name}), its request and record schemas and the texts the API says.
 */
export function publishedSettings<TRow extends { version: number }, TInput>(
  collection: Collection,
  {
    get,
    ...model
  }: Omit<Parameters<typeof settingsStore<TRow, TInput>>[1], "json"> & { get(): Promise<object> },
  [request, record]: [z.ZodObject, z.ZodObject],
  texts: { notFound: string; read: string; update: string },
): SettingsStore<TRow> {
  const published = { summary: texts.read, read: get };
  const json = settingsJson(request, record, texts.notFound, {
    published,
    summaries: { update: texts.update },
  });
  return settingsStore<TRow, TInput>(collection, { ...model, json });
}

export function recordStore<TRow extends { id: number; version: number }, TInput>(
  collection: Collection,
  store: Omit<
    RecordStore<TRow>,
    "kind" | "collection" | "create" | "update" | "restoreFromTrash" | "label" | "json"
  > & {
    label(row: NoInfer<TRow>): string;
    json: StoreJson<NoInfer<TRow>> | null;
    create(input: TInput, actor: Actor): Promise<WriteResult<TRow>>;
    update(id: number, input: TInput, actor: Actor, expectedVersion?: number): Promise<WriteResult<TRow>>;
    restoreFromTrash?: RecordStore<TRow>["restoreFromTrash"];
  },
): RecordStore<TRow> {
  return { kind: "records", collection, ...store, restoreFromTrash: store.restoreFromTrash ?? null };
}

export function settingsStore<TRow extends { version: number }, TInput>(
  collection: Collection,
  store: Omit<SettingsStore<TRow>, "kind" | "collection" | "update" | "json"> & {
    json: StoreJson<NoInfer<TRow>> | null;
    update(input: TInput, actor: Actor, expectedVersion?: number): Promise<WriteResult<TRow>>;
  },
): SettingsStore<TRow> {
  return { kind: "settings", collection, ...store };
}
