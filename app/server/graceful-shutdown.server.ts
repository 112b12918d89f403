import type { Server } from "node:http";
import type { Socket } from "node:net";

export interface ShutdownOptions {
  /** Runs once every connection has ended: close the database here. */
  onClosed: () => Promise<void>;
  /** Hard limit after which remaining connections are cut. */
  timeoutMs?: number;
  log?: (message: string) => void;
  exit?: (code: number) => void;
}

export interface ShutdownControl {
  readonly shuttingDown: boolean;
  shutdown(reason: string): Promise<void>;
}

/**
 * Stops accepting connections, lets in-flight requests finish (a keep-alive socket is closed as soon as
 * its current response is done), then runs onClosed and exits 0. Idempotent.
 */
export function gracefulShutdown(server: Server, options: ShutdownOptions): ShutdownControl {
  const { onClosed, timeoutMs = 8000, log = console.log, exit = (code) => process.exit(code) } = options;
  const busy = new Set<Socket>();
  let shuttingDown = false;
  let done: Promise<void> | undefined;

  // Prepended, so it runs before the handler that may answer at once (the page cache).
  server.prependListener("request", (req, res) => {
    const socket = req.socket;
    busy.add(socket);
    if (shuttingDown) res.setHeader("Connection", "close");
    res.on("close", () => {
      busy.delete(socket);
      if (shuttingDown) server.closeIdleConnections();
    });
  });

  function shutdown(reason: string): Promise<void> {
    done ??= new Promise<void>((resolve) => {
      shuttingDown = true;
      log(`${reason}: closing; ${busy.size} request(s) in flight`);
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
            resolve();
            exit(0);
          });
      });
      server.closeIdleConnections();
    });
    return done;
  }

  return {
    get shuttingDown() {
      return shuttingDown;
    },
    shutdown,
  };
}
