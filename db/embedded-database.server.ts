import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { lockDataFolder } from "./folder-lock.server";

/**
 * Runs the embedded database (PGlite) in a child process and keeps it alive: the web server's side of
 * `db/embedded-database-process.ts`. The server first takes the data folder's lock (one server per
 * folder, `db/folder-lock.server.ts`). The child answers "ping" on its IPC channel from its own event
 * loop and times its own PGlite's lock every second and reports it; when either stays silent past the
 * deadline (a PANIC spinning, a hung WebAssembly call, a stuck query), the database refuses three probe
 * queries over its socket in a row, or the child dies, it is killed and started again. Silence is counted
 * only while this process was itself awake: an event loop of the server's that was blocked (by anything)
 * delays the reports' reading, not the database, and is no reason to kill it. If the child cannot be
 * started again, `onFatal` is told, and the server exits so its supervisor can restart it.
 */

/** PostgreSQL writes its log in 16 MB segments: with less free than one, the next segment cannot be made. */
const WAL_SEGMENT_BYTES = 16 * 1024 * 1024;
/** Free space the store must have to run: a WAL segment and room for the tables and a checkpoint. */
export const MIN_FREE_BYTES = WAL_SEGMENT_BYTES + 48 * 1024 * 1024;
/** A first start also writes the new database (about 40 MB) before any of that. */
export const MIN_FREE_BYTES_FIRST_START = MIN_FREE_BYTES + 48 * 1024 * 1024;

export interface EmbeddedDatabaseOptions {
  /** PGlite's data folder. */
  dataDir: string;
  /** The child program (the build's embedded-database.js, or the TypeScript source under tsx). */
  script: string;
  execArgv?: string[];
  /** How long the child may stay silent before it is taken for hung. */
  deadlineMs: number;
  log: (message: string) => void;
  /** Called when the database goes away and when it is back. */
  onStateChange?: (up: boolean) => void;
  /** The database could not be brought back: the process should exit non-zero. */
  onFatal: (message: string) => void;
}

export interface EmbeddedDatabase {
  /** The folder holding the server's Unix socket (`.s.PGSQL.5432`). */
  socketDir: string;
  isUp(): boolean;
  /** A query the supervisor runs now and then through the socket; set once the client exists. */
  setProbe(probe: () => Promise<void>): void;
  /** The child's process id (for tests and diagnostics). */
  pid(): number | undefined;
  stop(): Promise<void>;
}

export class InsufficientSpaceError extends Error {
  constructor(
    readonly folder: string,
    readonly freeBytes: number,
    readonly neededBytes: number,
  ) {
    super(
      `only ${megabytes(freeBytes)} MB free in ${folder}; the embedded database needs at least ${megabytes(neededBytes)} MB free ` +
        "(one 16 MB WAL segment and room to write). Free some space or set DATA_DIR to a larger disk.",
    );
    this.name = "InsufficientSpaceError";
  }
}

export function megabytes(bytes: number): number {
  return Math.floor(bytes / (1024 * 1024));
}

/** Free bytes for this user on the file system holding `folder` (or its nearest existing parent). */
export function freeBytes(folder: string): number {
  let existing = path.resolve(folder);
  while (!fs.existsSync(existing)) existing = path.dirname(existing);
  const stats = fs.statfsSync(existing);
  return stats.bavail * stats.bsize;
}

function isInitialised(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, "PG_VERSION"));
}

/** A folder for the socket with a path short enough for a Unix socket (about 100 bytes), only ours. */
function socketFolder(dataDir: string): string {
  const beside = path.join(path.dirname(dataDir), "socket");
  if (Buffer.byteLength(path.join(beside, ".s.PGSQL.5432")) < 100) {
    fs.mkdirSync(beside, { recursive: true, mode: 0o700 });
    fs.chmodSync(beside, 0o700);
    return beside;
  }
  return fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-db-"));
}

type Message =
  | { type: "ready" }
  | { type: "initialised" }
  | { type: "probe"; ms: number; at: number }
  | { type: "probe-failed"; at: number }
  | "pong";

function waitFor(child: ChildProcess, type: "ready" | "initialised", timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => done(new Error(`the embedded database did not start within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    const onMessage = (message: Message) => {
      if (typeof message === "object" && message.type === type) done();
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      done(new Error(`the embedded database process exited (${signal ?? `code ${code}`}) while starting`));
    function done(error?: Error) {
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onExit);
      if (error) reject(error);
      else resolve();
    }
    child.on("message", onMessage);
    child.on("exit", onExit);
  });
}

/** Starts the embedded database and resolves once it serves; rejects when it cannot start. */
export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const { dataDir } = options;
  fs.mkdirSync(dataDir, { recursive: true });
  // Before anything touches the folder: a second server on it exits here, naming the first.
  const lock = await lockDataFolder(dataDir);
  try {
    return await supervise(options, lock.release);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

async function supervise(
  options: EmbeddedDatabaseOptions,
  releaseLock: () => Promise<void>,
): Promise<EmbeddedDatabase> {
  const { dataDir, log } = options;
  const needed = isInitialised(dataDir) ? MIN_FREE_BYTES : MIN_FREE_BYTES_FIRST_START;
  const free = freeBytes(dataDir);
  if (free < needed) throw new InsufficientSpaceError(dataDir, free, needed);

  const socketDir = socketFolder(dataDir);
  const spawnChild = (mode?: string) =>
    fork(options.script, [dataDir, socketDir, ...(mode ? [mode] : [])], {
      execArgv: options.execArgv ?? [],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      serialization: "json",
      // A process group of its own: a signal to the server's group (Ctrl-C, a supervisor's SIGTERM) must
      // not stop the database under requests still in flight. The server stops it last; if the server
      // dies, the IPC channel closes and the database stops itself.
      detached: true,
    });

  if (!isInitialised(dataDir)) {
    log("creating the embedded database (first start)");
    const init = spawnChild("--init-only");
    await waitFor(init, "initialised", 180_000);
  }

  let child: ChildProcess | undefined;
  let up = false;
  let stopping = false;
  let lastPong = Date.now();
  /** When the child last reported its own probe query answered (its PGlite answers). */
  let lastReport = Date.now();
  let probeFailuresReported = 0;
  let probe: (() => Promise<void>) | undefined;
  let probeFailures = 0;
  let probeInFlight = false;
  /** Counts the children started: a probe's answer counts only for the child it was sent to. */
  let childGeneration = 0;
  let restarting = false;
  let started = false;
  const setUp = (value: boolean) => {
    if (up === value) return;
    up = value;
    if (started) options.onStateChange?.(value);
  };

  async function launch(): Promise<void> {
    fs.rmSync(path.join(socketDir, ".s.PGSQL.5432"), { force: true });
    const next = spawnChild();
    child = next;
    childGeneration += 1;
    probeInFlight = false;
    next.on("message", (message: Message) => {
      if (message === "pong") lastPong = Date.now();
      else if (typeof message === "object" && message.type === "probe") {
        lastReport = Date.now();
        probeFailuresReported = 0;
      } else if (typeof message === "object" && message.type === "probe-failed") probeFailuresReported += 1;
    });
    next.once("exit", (code, signal) => {
      if (child !== next) return;
      setUp(false);
      if (stopping) return;
      log(`the embedded database process ended (${signal ?? `code ${code}`}); starting it again`);
      void recover();
    });
    await waitFor(next, "ready", 60_000);
    lastPong = lastReport = Date.now();
    probeFailuresReported = 0;
    probeFailures = 0;
    setUp(true);
  }

  async function recover(): Promise<void> {
    if (restarting || stopping) return;
    restarting = true;
    const delays = [250, 1000, 2000, 4000];
    let lowSpace = 0;
    for (const [attempt, delay] of delays.entries()) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (stopping) break;
      const free = freeBytes(dataDir);
      if (free < MIN_FREE_BYTES) {
        // Out of room, it would only fail again (and could not write its own log): twice is enough to say so.
        log(
          `not restarting the embedded database: ${new InsufficientSpaceError(dataDir, free, MIN_FREE_BYTES).message}`,
        );
        if (++lowSpace >= 2) break;
        continue;
      }
      try {
        await launch();
        log(`the embedded database is back (attempt ${attempt + 1})`);
        restarting = false;
        return;
      } catch (error) {
        log(`restarting the embedded database failed: ${(error as Error).message}`);
        child?.kill("SIGKILL");
      }
    }
    restarting = false;
    if (!stopping) {
      const free = freeBytes(dataDir);
      options.onFatal(
        free < MIN_FREE_BYTES
          ? `the embedded database cannot run: ${new InsufficientSpaceError(dataDir, free, MIN_FREE_BYTES).message}`
          : "the embedded database could not be started again",
      );
    }
  }

  /** Kills a child that stopped answering; its exit handler starts the next one. */
  function killHung(reason: string) {
    if (!child || child.exitCode !== null || stopping) return;
    log(`the embedded database ${reason}: killing it`);
    setUp(false);
    child.kill("SIGKILL");
  }

  // Every tick: the child's event loop must have answered a ping and its PGlite its own probe (the lock
  // every socket message holds while PGlite answers it, so a running or hung query delays it) within the
  // deadline. The database is also asked a query over the socket, and is killed when it refuses three in
  // a row; how long that query takes is not judged: it waits in the server's one connection behind every
  // query the visitors sent first, so on a busy site its wait measures the queue, not the database (a
  // healthy database was killed under load that way). A tick that comes late means this process was
  // blocked: that time is credited to the child (its answers were waiting to be read), so only the
  // database's silence counts.
  const tickMs = Math.max(250, Math.min(1000, options.deadlineMs / 5));
  let lastTick = Date.now();
  const watchdog = setInterval(() => {
    const now = Date.now();
    const stalled = Math.max(0, now - lastTick - tickMs);
    lastTick = now;
    if (stalled > 0) {
      lastPong += stalled;
      lastReport += stalled;
    }
    if (!up || stopping || !child) return;
    if (now - lastPong > options.deadlineMs)
      return killHung(`has not answered for ${Math.round((now - lastPong) / 1000)} s`);
    // Judged once the server is serving (setProbe): migrations at start run as one long transaction.
    if (probe && now - lastReport > options.deadlineMs) {
      return killHung(`has not answered its own probe query for ${Math.round((now - lastReport) / 1000)} s`);
    }
    if (probe && probeFailuresReported >= 3) return killHung("refused its own probe query three times");
    child.send("ping", () => {});
    if (!probe || probeInFlight) return;
    // An answer about a database since replaced says nothing about the one running now.
    const generation = childGeneration;
    probeInFlight = true;
    probe()
      .then(
        () => {
          if (generation === childGeneration) probeFailures = 0;
        },
        () => {
          if (generation === childGeneration && ++probeFailures >= 3) killHung("refused queries three times");
        },
      )
      .finally(() => {
        if (generation === childGeneration) probeInFlight = false;
      });
  }, tickMs);
  watchdog.unref();

  await launch();
  started = true;

  return {
    socketDir,
    isUp: () => up,
    setProbe(fn) {
      probe = fn;
      lastReport = Date.now();
    },
    pid: () => child?.pid,
    async stop() {
      stopping = true;
      clearInterval(watchdog);
      const current = child;
      if (current && current.exitCode === null && current.signalCode === null) {
        const exited = new Promise<void>((resolve) => current.once("exit", () => resolve()));
        current.kill("SIGTERM");
        const timer = setTimeout(() => current.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(timer);
      }
      await releaseLock();
    },
  };
}
