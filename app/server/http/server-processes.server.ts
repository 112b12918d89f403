import cluster, { type Worker } from "node:cluster";

/**
 * WEB_CONCURRENCY > 1: this process starts that many server processes on the same port (Node's cluster
 * hands each new connection to the next one) and watches them; it serves nothing itself. Each one is a whole
 * server, as a second instance behind a load balancer is (docs/decisions/0034).
 * - A process that ends after it was listening is replaced; more than MAX_RESTARTS in RESTART_WINDOW_MS
 *   ends them all, non-zero, for the supervisor above to see.
 * - A process that ends before it listens (a configuration or database problem another try will not fix)
 *   ends them all with its exit code.
 * - SIGTERM or SIGINT is passed on to every process, each drains as a single server does, and this one
 *   exits when the last has, with the highest exit code among them.
 */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

export function superviseServerProcesses(count: number, log: (message: string) => void): void {
  const listened = new Set<number>();
  const restarts: number[] = [];
  let stopping = false;
  let exitCode = 0;

  const start = (): Worker => {
    const worker = cluster.fork();
    worker.once("listening", () => listened.add(worker.id));
    return worker;
  };
  const running = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);
  const stopAll = (reason: string, code: number) => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    log(`${reason}: stopping ${running().length} server process(es)`);
    for (const worker of running()) worker.process.kill("SIGTERM");
    if (running().length === 0) process.exit(exitCode);
  };

  cluster.on("exit", (worker, code, signal) => {
    const ended = `server process ${worker.process.pid} ended (${signal ?? `exit code ${code}`})`;
    if (stopping) {
      exitCode = Math.max(exitCode, code ?? 1);
      if (running().length === 0) process.exit(exitCode);
      return;
    }
    if (!listened.has(worker.id)) return stopAll(`${ended} before it listened`, code || 1);
    const now = Date.now();
    restarts.push(now);
    while (restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS)
      return stopAll(`${ended}; over ${MAX_RESTARTS} restarts in a minute`, 1);
    log(`${ended}; starting another`);
    start();
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => stopAll(signal, 0));

  log(`starting ${count} server processes (WEB_CONCURRENCY)`);
  for (let i = 0; i < count; i++) start();
}
