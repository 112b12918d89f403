import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * One server per data folder. The lock is a listening Unix socket in Linux's abstract namespace, named
 * after the folder's real path: binding it is atomic (a second bind fails with EADDRINUSE, so two servers
 * starting together cannot both win), and the kernel frees the name the moment the process ends, however
 * it ends, so a `kill -9` never leaves a stale lock behind. The holder answers a connection with its
 * process id, which the refused server names. Elsewhere (macOS, for development) the socket is a file in
 * the temporary folder, and a file nobody answers on is taken for stale and replaced.
 * See docs/decisions/0014-database-faults-and-one-owner-per-data-folder.md.
 */

export class DataFolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly holderPid: number | undefined,
  ) {
    super(
      `another server (${holderPid ? `process ${holderPid}` : "a process that did not say its id"}) is using the data folder ${folder}. ` +
        "Only one server may run on a data folder: stop the other one first (to upgrade, stop the old server, then start the new one).",
    );
    this.name = "DataFolderInUseError";
  }
}

export interface FolderLock {
  release(): Promise<void>;
}

/** The lock's socket address for a folder (which must exist). */
export function lockAddress(folder: string, role: string): string {
  const hash = crypto.createHash("sha256").update(fs.realpathSync(folder)).digest("hex").slice(0, 32);
  return process.platform === "linux"
    ? `\0kestrel-${role}-lock-${hash}`
    : path.join(os.tmpdir(), `kestrel-${role}-${hash}.lock`);
}

function listen(address: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => socket.end(`${JSON.stringify({ pid: process.pid })}\n`));
    server.once("error", reject);
    server.listen(address, () => {
      server.off("error", reject);
      // Held for the process's life, without keeping an otherwise finished process alive.
      server.unref();
      resolve(server);
    });
  });
}

/** Asks the holder who it is; "stale" when nothing answers on the address (a file left by a dead process). */
function askHolder(address: string): Promise<number | undefined | "stale"> {
  return new Promise((resolve) => {
    let text = "";
    const socket = net.connect(address);
    const timer = setTimeout(() => finish(undefined), 1000);
    function finish(result: number | undefined | "stale") {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    }
    socket.on("data", (chunk) => (text += chunk));
    socket.on("end", () => {
      try {
        finish(Number(JSON.parse(text).pid) || undefined);
      } catch {
        finish(undefined);
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) =>
      finish(error.code === "ECONNREFUSED" || error.code === "ENOENT" ? "stale" : undefined),
    );
  });
}

/** Takes the data folder's lock, or throws DataFolderInUseError naming the process that holds it. */
export async function lockDataFolder(folder: string): Promise<FolderLock> {
  fs.mkdirSync(folder, { recursive: true });
  const address = lockAddress(folder, "data");
  for (let attempt = 0; ; attempt++) {
    try {
      const server = await listen(address);
      return { release: () => new Promise((resolve) => server.close(() => resolve())) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      const holder = await askHolder(address);
      if (holder === "stale" && !address.startsWith("\0") && attempt === 0) {
        fs.rmSync(address, { force: true });
        continue;
      }
      throw new DataFolderInUseError(folder, holder === "stale" ? undefined : holder);
    }
  }
}
