import net from "node:net";
import type { IncomingMessage, Server, ServerResponse } from "node:http";

export interface ShutdownOptions {
  /** Runs once every connection has ended: close the database here. */
  onClosed: () => Promise<void>;
  /** Hard limit after which remaining connections are cut. */
  timeoutMs?: number;
  /** The process exits by then whatever is still running (a hung database's close, say). */
  exitDeadlineMs?: number;
  /**
   * How long a keep-alive connection must have been idle before shutdown closes it. A client that has just
   * had an answer is likely writing its next request: that request is answered (with Connection: close)
   * rather than reset by a close that crosses it.
   */
  idleGraceMs?: number;
  log?: (message: string) => void;
  exit?: (code: number) => void;
}

export interface ShutdownControl {
  readonly shuttingDown: boolean;
  /**
   * Exits with `code` once closed (0 for a signal; non-zero when the server gives up on itself), and by
   * `deadlineMs` in any case.
   */
  shutdown(reason: string, code?: number, deadlineMs?: number): Promise<void>;
}

type Socket = net.Socket & { _httpMessage?: ServerResponse | null };
interface TrackedConnection {
  socket: Socket;
}
interface ConnectionsList {
  /** Connections whose parser is between messages: no byte of a request read since the last answer. */
  idle(): TrackedConnection[];
}

/** Node's own list of the server's connections and their parsers' state (Node 19+; undefined before listen). */
function connectionsOf(server: Server): ConnectionsList | undefined {
  const key = Object.getOwnPropertySymbols(server).find(
    (symbol) => symbol.description === "http.server.connections",
  );
  const list = key ? (server as unknown as Record<symbol, unknown>)[key] : undefined;
  return list && typeof (list as ConnectionsList).idle === "function" ? (list as ConnectionsList) : undefined;
}

/**
 * Stops accepting connections, lets in-flight requests finish (each says Connection: close, so no
 * keep-alive client sends another request on a socket about to close), then runs onClosed and exits 0.
 * Idempotent.
 *
 * Idle keep-alive connections are not closed in the signal handler, as `server.close()` does in Node 19+:
 * a request whose bytes are already in the kernel's buffer, not yet read, would be reset (closing a socket
 * with unread data sends RST). Each is closed only once it has been idle for `idleGraceMs` and after an
 * I/O poll has read whatever had arrived; a request that arrives meanwhile is answered with Connection:
 * close. What remains is TCP's own race (a client writing at the instant the close reaches it), the one a
 * keep-alive timeout has.
 */
export function gracefulShutdown(server: Server, options: ShutdownOptions): ShutdownControl {
  const {
    onClosed,
    timeoutMs = 8000,
    exitDeadlineMs = 9500,
    idleGraceMs = 500,
    log = console.log,
    exit = (code) => process.exit(code),
  } = options;
  const busy = new Set<ServerResponse>();
  /** When each connection last had an answer (or opened). */
  const lastActive = new WeakMap<net.Socket, number>();
  let shuttingDown = false;
  let done: Promise<void> | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;

  const opened = (socket: net.Socket) => lastActive.set(socket, Date.now());
  server.on("connection", opened);
  server.on("secureConnection", opened);
  // Prepended, so it runs before the handler that may answer at once (the page cache).
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    busy.add(res);
    if (shuttingDown) closeAfter(res);
    const socket = res.socket;
    res.on("finish", () => {
      if (socket) lastActive.set(socket, Date.now());
    });
    res.on("close", () => {
      busy.delete(res);
      if (shuttingDown) sweepSoon(0);
    });
  });

  /** Closes the connections idle for the grace period; comes back for those idle for less. */
  function sweep() {
    sweepTimer = undefined;
    const list = connectionsOf(server);
    if (!list) {
      server.closeIdleConnections();
      return;
    }
    const at = Date.now();
    let next = Infinity;
    for (const { socket } of list.idle()) {
      // An answer still being written (ended, not yet flushed) keeps its connection.
      if (socket._httpMessage || socket.destroyed) continue;
      const idleFor = at - (lastActive.get(socket) ?? 0);
      if (idleFor >= idleGraceMs) socket.destroy();
      else next = Math.min(next, idleGraceMs - idleFor);
    }
    if (next !== Infinity) sweepSoon(next);
  }

  /** After `ms`, and after one I/O poll (setImmediate runs right after it), so bytes that had arrived are read. */
  function sweepSoon(ms: number) {
    if (sweepTimer) {
      if (ms > 0) return;
      clearTimeout(sweepTimer);
    }
    sweepTimer = setTimeout(() => setImmediate(sweep), ms);
    sweepTimer.unref();
  }

  function shutdown(reason: string, code = 0, deadlineMs = exitDeadlineMs): Promise<void> {
    done ??= new Promise<void>((resolve) => {
      shuttingDown = true;
      log(`${reason}: closing; ${busy.size} request(s) in flight`);
      const deadline = setTimeout(() => {
        log(`Shutdown took over ${deadlineMs} ms: exiting now`);
        exit(code);
      }, deadlineMs);
      deadline.unref();
      for (const res of busy) closeAfter(res);
      const timer = setTimeout(() => {
        log(`Shutdown took over ${timeoutMs} ms: cutting the remaining connections`);
        server.closeAllConnections();
      }, timeoutMs);
      timer.unref();
      // net's close, not http's: http's also destroys every idle connection at once, here in the signal
      // handler, before this turn's I/O has been read.
      net.Server.prototype.close.call(server, () => {
        clearTimeout(timer);
        clearTimeout(sweepTimer);
        onClosed()
          .catch((error: unknown) => log(`Error while closing: ${String(error)}`))
          .finally(() => {
            log("Closed");
            clearTimeout(deadline);
            resolve();
            exit(code);
          });
      });
      sweepSoon(0);
    });
    return done;
  }

  function closeAfter(res: ServerResponse) {
    // Headers already sent said keep-alive: the connection stays open and is closed by the sweep once idle,
    // or answers the client's next request with Connection: close. (Ending it when this answer finishes
    // would cross a next request the client writes as soon as it has read this one.)
    if (res.headersSent) return;
    res.shouldKeepAlive = false;
    res.setHeader("Connection", "close");
  }

  return {
    get shuttingDown() {
      return shuttingDown;
    },
    shutdown,
  };
}
