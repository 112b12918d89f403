/**
 * The embedded database as a process of its own: PGlite (PostgreSQL compiled to WebAssembly) on its data
 * folder, served over the PostgreSQL protocol on a Unix socket in a folder only this user can open. The
 * web server starts it (`db/embedded-database.server.ts`) and talks to it with postgres.js, exactly as it
 * talks to PostgreSQL. Running apart means a PANIC, a hang or a runaway WebAssembly heap in the database
 * can never block the web server's event loop: the server notices, kills this process and starts another.
 *
 * Usage (from the parent, with an IPC channel): embedded-database.js <dataDir> <socketDir> [--init-only]
 * Messages to the parent: { type: "ready" } once serving, { type: "initialised" } with --init-only.
 * Messages from the parent: "ping" (answered "pong" from this event loop, so a blocked loop is seen).
 */
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

const [dataDir, socketDir, mode] = process.argv.slice(2);
if (!dataDir || !socketDir) {
  console.error("usage: embedded-database <dataDir> <socketDir> [--init-only]");
  process.exit(2);
}

const send = (message: unknown) => {
  if (process.connected) process.send?.(message);
};
process.on("message", (message) => {
  if (message === "ping") send("pong");
});
// The web server is gone: nobody can reach this database any more.
process.on("disconnect", () => void stop(0));

let db: PGlite | undefined;
let server: PGLiteSocketServer | undefined;
let stopping = false;

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  try {
    await server?.stop();
    if (db && !db.closed) await db.close();
  } catch (error) {
    console.error(`[embedded database] closing: ${(error as Error).message}`);
    code = code || 1;
  }
  process.exit(code);
}
process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));

try {
  db = await PGlite.create(dataDir);
  if (mode === "--init-only") {
    // The first start runs initdb, which leaves the WebAssembly heap at several times what serving
    // needs (the heap never shrinks): the parent serves from a fresh process afterwards.
    await db.close();
    send({ type: "initialised" });
    process.exit(0);
  }
  server = new PGLiteSocketServer({ db, path: `${socketDir}/.s.PGSQL.5432`, maxConnections: 32 });
  await server.start();
  send({ type: "ready" });
} catch (error) {
  console.error(`[embedded database] ${(error as Error).message}`);
  process.exit(1);
}
