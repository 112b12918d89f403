import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export interface InProcessDatabase {
  db: PGlite;
  /** The folder of the Unix socket (`.s.PGSQL.5432`) that postgres.js connects to. */
  socketDir: string;
  stop(): Promise<void>;
}

/**
 * PGlite served on a Unix socket inside the test process: the app's own driver (postgres.js) talks to it
 * exactly as the server talks to the embedded database's process, without a process per test file.
 */
export async function servePglite(options: { dataDir?: string; snapshot?: Blob } = {}): Promise<InProcessDatabase> {
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-pg-"));
  const db = await PGlite.create(options.dataDir, options.snapshot ? { loadDataDir: options.snapshot } : {});
  const server = new PGLiteSocketServer({ db, path: path.join(socketDir, ".s.PGSQL.5432"), maxConnections: 32 });
  await server.start();
  return {
    db,
    socketDir,
    async stop() {
      await server.stop();
      if (!db.closed) await db.close();
      fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
