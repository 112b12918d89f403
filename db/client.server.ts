import path from "node:path";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { isConnectionLost } from "./errors.server";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * The one way the app talks to its database: postgres.js, to PostgreSQL (DATABASE_URL) or to the embedded
 * PGlite, which runs in a process of its own and answers the same protocol on a Unix socket
 * (`db/embedded-database.server.ts`). Same driver, same SQL, same errors either way.
 */
export interface DatabaseHandle {
  db: Db;
  /** "embedded": PGlite through its socket, one instance only; "postgres": a PostgreSQL server. */
  kind: "embedded" | "postgres";
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Subscribes to a notification channel; returns the unsubscribe function. onConnect runs at every
   * (re)connection of the listener, when notifications may have been missed. The embedded database does
   * not pass notifications through its socket, and needs none: it has one web server.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onConnect?: () => void,
  ): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** The committed migrations (the build copies them to build/migrations for the production server). */
export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname ?? "db", "migrations");

export type OpenOptions =
  | { databaseUrl: string; socketDir?: undefined; statementTimeoutMs?: number }
  | { socketDir: string; databaseUrl?: undefined; statementTimeoutMs?: number };

/** Opens a connection pool (connections are made on first use). */
export function openDatabase(options: OpenOptions): DatabaseHandle {
  const embedded = options.socketDir !== undefined;
  const settings: postgres.Options<Record<string, postgres.PostgresType>> = {
    // PGlite is one database session, and its socket server interleaves the protocol messages of
    // different connections (one client's Bind can replace another's unnamed portal before its Execute),
    // so the app keeps to one connection there. PGlite runs one query at a time anyway.
    max: embedded ? 1 : 10,
    idle_timeout: 30,
    connect_timeout: 5,
    // postgres.js waits up to 20 s between attempts after failed connections (3^n / 100 s): a database
    // that restarts in a second or two (the embedded one after a kill, PostgreSQL after a failover) would
    // leave every query waiting that long. Capped at a second.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
    onnotice: () => {},
    connection: {
      application_name: "kestrel-site",
      // A query that runs longer than this is cancelled by PostgreSQL itself (PGlite has no timers: there
      // the embedded database's watchdog enforces the same deadline).
      ...(options.statementTimeoutMs && !embedded ? { statement_timeout: options.statementTimeoutMs } : {}),
    },
  };
  const client = embedded
    ? postgres({ ...settings, host: options.socketDir, port: 5432, user: "postgres", database: "postgres" })
    : postgres(options.databaseUrl!, settings);
  // The embedded store has one connection (see above): the one that was lost is the one that reconnects.
  // A PostgreSQL pool may hold several dead ones at once (every backend terminated by a restart), so a read
  // is sent again on a connection of its own, opened for it.
  const retryOn = embedded
    ? () => ({ sql: client, done: async () => {} })
    : () => {
        const fresh = postgres(options.databaseUrl!, { ...settings, max: 1, fetch_types: false });
        // The pool's parsers: its array types as fetched, and drizzle's own.
        Object.assign(fresh.options.parsers, client.options.parsers);
        Object.assign(fresh.options.serializers, client.options.serializers);
        return { sql: fresh, done: () => fresh.end({ timeout: 1 }) };
      };
  const db = drizzle(retryingReads(client, retryOn), { schema }) as unknown as Db;
  return {
    db,
    kind: embedded ? "embedded" : "postgres",
    async ping() {
      await client`select 1`;
    },
    async listen(channel, onMessage, onConnect) {
      if (embedded) {
        onConnect?.();
        return async () => {};
      }
      const { unlisten } = await client.listen(channel, onMessage, onConnect);
      return unlisten;
    },
    async notify(channel, payload) {
      if (!embedded) await client.notify(channel, payload);
    },
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}

/** A statement that only reads: sending it again cannot change anything. */
const READ_ONLY = /^\s*(select|with(?![\s\S]*\b(insert|update|delete|merge)\b))\b/i;
const SIDE_EFFECTS =
  /\b(nextval|setval|pg_advisory\w*|pg_notify|set_config|for\s+(no\s+key\s+)?update|for\s+(key\s+)?share)\b/i;

export function isReadOnlyStatement(statement: string): boolean {
  return READ_ONLY.test(statement) && !SIDE_EFFECTS.test(statement);
}

/**
 * The pool as drizzle sees it, with every read outside a transaction retried once when the connection it
 * went out on was lost (a terminated backend, a restarted or failed-over server, a reset socket): the
 * next try goes out on another connection, which the pool opens afresh if none is left. A write is never
 * sent twice: its caller answers 503 with Retry-After and the visitor decides. Transactions run on their
 * own reserved connection (`begin`), which this leaves alone.
 */
function retryingReads(
  client: postgres.Sql,
  retryOn: () => { sql: postgres.Sql; done: () => Promise<void> },
): postgres.Sql {
  const unsafe = ((statement: string, parameters?: never[], options?: postgres.UnsafeQueryOptions) => {
    if (!isReadOnlyStatement(statement)) return client.unsafe(statement, parameters, options);
    const once = async <T>(send: (sql: postgres.Sql) => PromiseLike<T>): Promise<T> => {
      try {
        return await send(client);
      } catch (error) {
        if (!isConnectionLost(error)) throw error;
        const retry = retryOn();
        try {
          return await send(retry.sql);
        } finally {
          void retry.done().catch(() => {});
        }
      }
    };
    // drizzle awaits the query itself or its `.values()`; postgres.js sends it only then.
    return {
      values: () => once((sql) => sql.unsafe(statement, parameters, options).values()),
      then: <A, B>(
        onFulfilled?: (rows: postgres.RowList<postgres.Row[]>) => A,
        onRejected?: (error: unknown) => B,
      ) => once((sql) => sql.unsafe(statement, parameters, options)).then(onFulfilled, onRejected),
    };
  }) as unknown as postgres.Sql["unsafe"];
  return new Proxy(client, {
    get: (target, property, receiver) =>
      property === "unsafe" ? unsafe : Reflect.get(target, property, receiver),
  });
}

/**
 * Applies the committed migrations; a no-op when current. On one connection holding an advisory lock, so
 * that instances starting together against one PostgreSQL do not migrate at once.
 */
export async function migrateDatabase(
  options: OpenOptions,
  migrationsFolder: string = MIGRATIONS_FOLDER,
): Promise<void> {
  const base = { max: 1, onnotice: () => {}, connect_timeout: 5 };
  const single = options.socketDir
    ? postgres({ ...base, host: options.socketDir, port: 5432, user: "postgres", database: "postgres" })
    : postgres(options.databaseUrl!, base);
  try {
    await single`select pg_advisory_lock(727271)`;
    await migrate(drizzle(single), { migrationsFolder });
    await single`select pg_advisory_unlock(727271)`;
  } finally {
    await single.end({ timeout: 5 });
  }
}

/** Runs a raw statement and returns its rows. */
export async function rows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute(query)) as unknown as T[];
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
