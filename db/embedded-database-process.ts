/**
 * The embedded database as a process of its own: PGlite (PostgreSQL compiled to WebAssembly) on its data
 * folder, served over the PostgreSQL protocol on a Unix socket in a folder only this user can open. The
 * web server starts it (`db/embedded-database.server.ts`) and talks to it with postgres.js, exactly as it
 * talks to PostgreSQL. Running apart means a PANIC, a hang or a runaway WebAssembly heap in the database
 * can never block the web server's event loop: the server notices, kills this process and starts another.
 *
 * Usage (from the parent, with an IPC channel): embedded-database.js <dataDir> <socketDir> [--init-only]
 * Messages to the parent: { type: "ready" } once serving, { type: "initialised" } with --init-only, and
 * every second { type: "probe", ms, at }: how long this PGlite took to be free to answer (its lock, which
 * a running or hung query holds), measured here, so the parent judges the database by its own answer time
 * and not by the parent's event loop.
 * Messages from the parent: "ping" (answered "pong" from this event loop, so a blocked loop is seen).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import { performance } from "node:perf_hooks";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/** How often the database's answer time is measured. */
const PROBE_INTERVAL_MS = 1000;
/** How long the database waits for an earlier process on its folder (one being killed) to be gone. */
const PREDECESSOR_WAIT_MS = 10_000;

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
// The web server is gone (its end of the IPC channel closed, as it does when it is killed): nobody can
// reach this database any more, and the next server waits for this process to be gone. It ends at once,
// as PostgreSQL's backends do when their postmaster dies: a clean close runs a checkpoint that blocks this
// process for seconds, and the data are as safe without it (the next start replays the log, exactly as
// after the watchdog's kill).
const parent = process.ppid;
function orphaned() {
  process.exit(0);
}
process.on("disconnect", orphaned);
// Also when the parent is replaced (re-parented to init or a subreaper) without the channel's close being seen.
setInterval(() => {
  if (process.ppid !== parent) orphaned();
}, 500).unref();

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

/**
 * Waits until no other process has this folder's PGlite open, then marks it as this one's: a listening
 * socket in Linux's abstract namespace, which the kernel frees when the process ends (as
 * `db/folder-lock.server.ts` does for the server; this program is built on its own and imports no module
 * of the project). Elsewhere nothing is held: the server's own lock is what guards the folder there.
 */
async function holdDatabaseLock(folder: string, waitMs: number): Promise<void> {
  if (process.platform !== "linux") return;
  const hash = crypto.createHash("sha256").update(fs.realpathSync(folder)).digest("hex").slice(0, 32);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const lock = net.createServer((socket) => socket.end());
    try {
      await new Promise<void>((resolve, reject) => {
        lock.once("error", reject);
        lock.listen(`\0kestrel-database-lock-${hash}`, resolve);
      });
      lock.unref();
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || Date.now() > deadline) {
        throw new Error(`another database process still has ${folder} open`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The longest this process answers socket messages without letting its event loop run. */
const YIELD_EVERY_MS = 20;

/**
 * The database as the socket server sees it, with one difference: between two protocol messages, at
 * least every YIELD_EVERY_MS, this process's event loop runs. The socket server answers a whole chunk of
 * pipelined queries (the web server sends everything it has queued at once) in one chain of promises, so
 * without this a busy moment starves the IPC channel and the probe's timer for as long as the chunk
 * takes, and the parent sees a hung database in a healthy one.
 */
function yieldingToEventLoop(database: PGlite): PGlite {
  let lastYield = performance.now();
  const answer: PGlite["execProtocolRawStream"] = async (message, options) => {
    if (performance.now() - lastYield >= YIELD_EVERY_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      lastYield = performance.now();
    }
    return database.execProtocolRawStream(message, options);
  };
  return new Proxy(database, {
    get(target, property) {
      if (property === "execProtocolRawStream") return answer;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

async function probeLoop(database: PGlite): Promise<void> {
  while (!stopping) {
    const started = performance.now();
    try {
      // The database's own lock, which every message from a socket client holds while PGlite answers it: a
      // query running or hung holds it. Not a statement: one run between a client's Parse and its Bind
      // (postgres.js sends them apart when it describes a query first) would discard the client's
      // unnamed statement ("unnamed prepared statement does not exist", 26000), as any second session
      // of this one database does (decision 0007).
      await database.runExclusive(async () => {});
      send({ type: "probe", ms: Math.round(performance.now() - started), at: Date.now() });
    } catch (error) {
      send({ type: "probe-failed", message: (error as Error).message, at: Date.now() });
    }
    await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS).unref());
  }
}

try {
  // One PGlite on a folder: a predecessor that is still going away (killed, or orphaned and closing) must
  // be gone before this one opens it. The kernel releases the lock when that process ends, however it ends.
  await holdDatabaseLock(dataDir, PREDECESSOR_WAIT_MS);
  db = await PGlite.create(dataDir);
  if (mode === "--init-only") {
    // The first start runs initdb, which leaves the WebAssembly heap at several times what serving
    // needs (the heap never shrinks): the parent serves from a fresh process afterwards.
    await db.close();
    send({ type: "initialised" });
    process.exit(0);
  }
  server = new PGLiteSocketServer({ db: yieldingToEventLoop(db), path: `${socketDir}/.s.PGSQL.5432`, maxConnections: 32 });
  await server.start();
  send({ type: "ready" });
  void probeLoop(db);
} catch (error) {
  console.error(`[embedded database] ${(error as Error).message}`);
  process.exit(1);
}
