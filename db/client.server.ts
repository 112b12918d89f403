import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema";

export type Schema = typeof schema;
/** Both drivers give a PgDatabase; the app only ever sees this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Db;
  driver: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Subscribes to a PostgreSQL notification channel; returns the unsubscribe function. onConnect runs
   * at every (re)connection of the listener, when notifications may have been missed.
   */
  listen(channel: string, onMessage: (payload: string) => void, onConnect?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** The committed migrations (the build copies them to build/migrations for the production server). */
export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname ?? "db", "migrations");

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder for PGlite's files; undefined keeps PGlite in memory. */
  pgliteDir?: string;
  /** A PGlite snapshot (from dumpDataDir) to start from, which skips initdb. */
  pgliteSnapshot?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options);
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const client = postgres(url, {
    max: 10,
    idle_timeout: 30,
    connect_timeout: 5,
    onnotice: () => {},
    connection: { application_name: "kestrel-site" },
  });
  const db = drizzlePostgres(client, { schema }) as unknown as Db;
  return {
    db,
    driver: "postgres",
    async ping() {
      await client`select 1`;
    },
    async listen(channel, onMessage, onConnect) {
      const { unlisten } = await client.listen(channel, onMessage, onConnect);
      return unlisten;
    },
    async notify(channel, payload) {
      await client.notify(channel, payload);
    },
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}

async function openPglite(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.pgliteDir) fs.mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create(options.pgliteDir, {
    ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    async ping() {
      await client.query("select 1");
    },
    async listen(channel, onMessage, onConnect) {
      const unlisten = await client.listen(channel, onMessage);
      onConnect?.();
      return unlisten;
    },
    async notify(channel, payload) {
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Applies the committed migrations; a no-op when current. On PostgreSQL an advisory lock keeps two
 * instances starting together from migrating at once.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  databaseUrl?: string,
  migrationsPath: string = MIGRATIONS_FOLDER,
): Promise<void> {
  if (handle.driver === "pglite") {
    await migratePglite(handle.db as unknown as Parameters<typeof migratePglite>[0], {
      migrationsFolder: migrationsPath,
    });
    return;
  }
  if (!databaseUrl) throw new Error("migrateDatabase: the PostgreSQL URL is required");
  const single = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await single`select pg_advisory_lock(727271)`;
    await migratePostgres(drizzlePostgres(single), { migrationsFolder: migrationsPath });
    await single`select pg_advisory_unlock(727271)`;
  } finally {
    await single.end({ timeout: 5 });
  }
}

/** Runs a raw statement and returns its rows, whichever the driver (PGlite answers { rows }, postgres.js an array). */
export async function rows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

let current: DatabaseHandle | undefined;

/** The open database's query builder, for the models. The server sets it once at start; tests per file. */
export function getDb(): Db {
  if (!current) throw new Error("The database is not open: call setDatabase() at start.");
  return current.db;
}

export function setDatabase(handle: DatabaseHandle | undefined): void {
  current = handle;
}
