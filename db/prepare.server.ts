import fs from "node:fs";
import path from "node:path";
import { migrateDatabase, openDatabase, type DatabaseHandle, type OpenOptions } from "./client.server";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "./embedded-database.server";
import { renderStaleBodies } from "~/models/rendered-bodies.server";
import { seedDatabase } from "./seed";

export interface PrepareOptions {
  /** PostgreSQL; unset for the embedded database in `dataDir`. */
  databaseUrl: string | undefined;
  /** The embedded database's folder (PGlite's data). */
  dataDir: string;
  /** The site's origin, for the seeded SEO settings. */
  siteUrl: string;
  /** Where the migrations are: the build's copy in production, db/migrations otherwise. */
  migrationsFolder?: string;
  /** The production build's folder, whose embedded-database.js runs the embedded database. */
  buildDir?: string;
  /** A query (PostgreSQL) or the embedded database (watchdog) that takes longer than this is stopped. */
  deadlineMs?: number;
  log?: (message: string) => void;
  onStateChange?: (up: boolean) => void;
  /** The embedded database cannot be brought back (default: throw). */
  onFatal?: (message: string) => void;
}

export interface PreparedDatabase {
  handle: DatabaseHandle;
  /** The embedded database's process, when there is no DATABASE_URL. */
  embedded: EmbeddedDatabase | undefined;
  close(): Promise<void>;
}

/** The embedded database's program: the build's JavaScript, or the TypeScript source under tsx. */
export function embeddedDatabaseProgram(buildDir?: string): { script: string; execArgv: string[] } {
  const built = buildDir && path.join(buildDir, "embedded-database.js");
  if (built && fs.existsSync(built)) return { script: built, execArgv: [] };
  return { script: path.resolve(import.meta.dirname ?? "db", "embedded-database-process.ts"), execArgv: ["--import", "tsx"] };
}

/** Opens the configured database (starting the embedded one if needed), migrates and seeds it: every start. */
export async function prepareDatabase(options: PrepareOptions): Promise<PreparedDatabase> {
  const log = options.log ?? (() => {});
  const deadlineMs = options.deadlineMs ?? 5000;
  let embedded: EmbeddedDatabase | undefined;
  let connection: OpenOptions;
  if (options.databaseUrl) {
    connection = { databaseUrl: options.databaseUrl, statementTimeoutMs: deadlineMs };
  } else {
    embedded = await startEmbeddedDatabase({
      dataDir: options.dataDir,
      ...embeddedDatabaseProgram(options.buildDir),
      deadlineMs,
      log,
      onStateChange: options.onStateChange,
      onFatal:
        options.onFatal ??
        ((message) => {
          throw new Error(message);
        }),
    });
    connection = { socketDir: embedded.socketDir };
  }
  try {
    await migrateDatabase(connection, options.migrationsFolder);
    const handle = openDatabase(connection);
    try {
      await seedDatabase(handle.db, options.siteUrl);
      // Before any view: a view reads the stored HTML and never renders Markdown.
      const rendered = await renderStaleBodies(handle.db, options.siteUrl);
      if (rendered.posts || rendered.roles) log(`markdown: rendered ${rendered.posts} posts and ${rendered.roles} roles stored without HTML`);
    } catch (error) {
      await handle.close();
      throw error;
    }
    embedded?.setProbe(() => handle.ping());
    return {
      handle,
      embedded,
      async close() {
        await handle.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
