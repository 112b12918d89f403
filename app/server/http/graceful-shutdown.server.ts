import type { Server, ServerResponse } from "node:http";

export interface ShutdownOptions {
  /** Runs once every connection has ended: close the database here. */
  onClosed: () => Promise<void>;
  /** Hard limit after which remaining connections are cut. */
  timeoutMs?: number;
  /** The process exits by then whatever is still running (a hung database's close, say). */
  exitDeadlineMs?: number;
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

/**
 * Stops accepting connections, lets in-flight requests finish (each says Connection: close, so no
 * keep-alive client sends another request on a socket about to close), then runs onClosed and exits 0.
 * Idempotent.
 */
export function gracefulShutdown(server: Server, options: ShutdownOptions): ShutdownControl {
  const { onClosed, timeoutMs = 8000, exitDeadlineMs = 9500, log = console.log, exit = (code) => process.exit(code) } = options;
  const busy = new Set<ServerResponse>();
  let shuttingDown = false;
  let done: Promise<void> | undefined;

  // Prepended, so it runs before the handler that may answer at once (the page cache).
  server.prependListener("request", (_req, res) => {
    busy.add(res);
    if (shuttingDown) closeAfter(res);
    res.on("close", () => {
      busy.delete(res);
      if (shuttingDown) server.closeIdleConnections();
    });
  });

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
      server.close(() => {
        clearTimeout(timer);
        onClosed()
          .catch((error: unknown) => log(`Error while closing: ${String(error)}`))
          .finally(() => {
            log("Closed");
            clearTimeout(deadline);
            resolve();
            exit(code);
          });
      });
      server.closeIdleConnections();
    });
    return done;
  }

  function closeAfter(res: ServerResponse) {
    if (res.headersSent) {
      // Too late to say so: the socket closes once this response is done.
      res.once("finish", () => res.socket?.end());
      return;
    }
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
