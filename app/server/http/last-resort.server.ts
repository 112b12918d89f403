/**
 * What the process does with an error nothing else handled. Node's defaults end the process on both,
 * with a stack on stderr and no shutdown: every request in flight is cut and the supervisor sees a crash.
 *
 * - A rejected promise nobody awaited is a bug in one piece of work (a request, a timer's job), not in the
 *   process: it is logged, loudly and with its stack, and the server keeps serving.
 * - An exception thrown past every frame can leave any state half-changed (a socket, a pool, a cache), so
 *   the server stops taking requests, lets those in flight finish, and exits 1 for its supervisor.
 */
export interface LastResortOptions {
  log: (message: string) => void;
  /** Stops the server and exits non-zero; called at most once. */
  stop: (reason: string) => void;
}

export interface LastResort {
  onRejection: (reason: unknown) => void;
  onException: (error: unknown) => void;
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  try {
    return typeof value === "string" ? value : JSON.stringify(value);
  } catch {
    return String(value);
  }
}

export function lastResort(options: LastResortOptions): LastResort {
  let stopping = false;
  return {
    onRejection(reason) {
      options.log(`error: a promise was rejected and nothing handled it; still serving. ${describe(reason)}`);
    },
    onException(error) {
      options.log(`error: an exception reached the top of the process; stopping for a restart. ${describe(error)}`);
      if (stopping) return;
      stopping = true;
      options.stop("uncaught exception");
    },
  };
}

/** Installs the handlers on this process; `stop` may change once the server can shut down gracefully. */
export function installLastResort(options: { log: (message: string) => void; stop: () => (reason: string) => void }): void {
  const handlers = lastResort({ log: options.log, stop: (reason) => options.stop()(reason) });
  process.on("unhandledRejection", handlers.onRejection);
  process.on("uncaughtException", handlers.onException);
}
