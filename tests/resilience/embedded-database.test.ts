import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runServerExpectingFailure, startServer, type RunningServer } from "../helpers/server-process";
import { storedMessageCount } from "../helpers/stored-data";
import { alive } from "./support";

/**
 * The embedded database (PGlite, in a process of its own) under an operator's worst day: killed, hung,
 * and out of disk. The server must keep answering /healthz and its cached pages, answer 503 with
 * Retry-After for what needs the database, acknowledge nothing it did not store, and either recover or
 * exit non-zero by itself. The disk tests mount a small tmpfs, so they need root (CI runs as root).
 */

const figures: Record<string, string | number> = {};
afterAll(() => {
  console.log("\nEmbedded database figures");
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
});

const FAST = {
  CONTACT_RATE_LIMIT: "1000000",
  DATABASE_TIMEOUT_SECONDS: "3",
  REQUEST_DEADLINE_SECONDS: "4",
};

/** A contact message of about 5 KB that does not compress (so it really takes room). */
function contactBody(i: number): string {
  return JSON.stringify({
    name: `Visitor ${i}`,
    email: `visitor${i}@example.com`,
    subject: "General Inquiry",
    message: crypto.randomBytes(3750).toString("base64"),
  });
}

async function post(server: RunningServer, i: number): Promise<{ status: number; retryAfter: string | null } | null> {
  try {
    const response = await fetch(`${server.origin}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: contactBody(i),
      signal: AbortSignal.timeout(20_000),
    });
    await response.arrayBuffer();
    return { status: response.status, retryAfter: response.headers.get("retry-after") };
  } catch {
    return null; // the process has gone (it exits when its database cannot come back)
  }
}

function embeddedPid(server: RunningServer): number {
  const match = /its own process (\d+)/.exec(server.output());
  if (!match) throw new Error(`no embedded database process in:\n${server.output()}`);
  return Number(match[1]);
}

/** Waits until the server's embedded database process has gone (before its folder is opened here). */
async function databaseStopped(server: RunningServer): Promise<void> {
  const pids = [...server.output().matchAll(/its own process (\d+)/g)].map((m) => Number(m[1]));
  await until(async () => pids.every((pid) => !alive(pid)), 10_000);
}


async function healthy(server: RunningServer): Promise<boolean> {
  return fetch(`${server.origin}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.ok,
    () => false,
  );
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not within ${timeoutMs} ms`);
}

describe("the embedded database's process dies or hangs", () => {
  it("killed (-9) under load: 503 with Retry-After while it is away, back within seconds, every 2xx stored", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-embedded-kill-"));
    const server = await startServer({ DATA_DIR: dataDir, ...FAST });
    let acknowledged = 0;
    const refusals: (string | null)[] = [];
    try {
      expect((await fetch(`${server.origin}/`)).status).toBe(200); // warms the page cache
      for (let i = 0; i < 50; i++) if ((await post(server, i))?.status === 201) acknowledged += 1;
      process.kill(embeddedPid(server), "SIGKILL");
      const killedAt = Date.now();
      let back = 0;
      for (let i = 50; Date.now() - killedAt < 20_000; i++) {
        const answer = await post(server, i);
        if (answer?.status === 201) {
          acknowledged += 1;
          if (!back) back = Date.now() - killedAt;
          if (acknowledged >= 150) break;
        } else {
          refusals.push(answer ? `${answer.status}:${answer.retryAfter}` : "no answer");
          expect(await healthy(server)).toBe(true);
          expect((await fetch(`${server.origin}/`)).status).toBe(200);
        }
      }
      figures["seconds from kill -9 to storing again"] = (back / 1000).toFixed(2);
      figures["refusals while it restarted"] = refusals.length;
      expect(back).toBeGreaterThan(0);
      expect(back).toBeLessThan(10_000);
      expect(new Set(refusals)).toEqual(new Set(refusals.length ? ["503:10"] : []));
    } finally {
      await server.stop();
      await databaseStopped(server);
    }
    expect(await storedMessageCount(server)).toBe(acknowledged);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("hung (SIGSTOP): killed by the watchdog after the deadline, requests get 503 within the request deadline, then it is back", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-embedded-hang-"));
    const server = await startServer({ DATA_DIR: dataDir, ...FAST });
    try {
      const pid = embeddedPid(server);
      process.kill(pid, "SIGSTOP");
      const started = Date.now();
      const answer = await post(server, 1);
      const waited = Date.now() - started;
      figures["ms for a write to be refused with the database hung"] = waited;
      expect(answer?.status).toBe(503);
      expect(waited).toBeLessThan(6_000);
      expect(await healthy(server)).toBe(true);
      const recovered = await until(async () => (await post(server, 2))?.status === 201, 20_000);
      figures["seconds from SIGSTOP to storing again"] = ((Date.now() - started) / 1000).toFixed(2);
      expect(recovered).toBeLessThan(20_000);
      expect(server.output()).toMatch(/embedded database has not answered/);
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** A tmpfs of `sizeMB` mounted on a new folder; null (the test skips) when not root. */
function smallDisk(sizeMB: number): { dir: string; fill(leaveMB: number): void; free(): void; unmount(): void } | null {
  if (process.getuid?.() !== 0) {
    console.warn("skipped: mounting a small disk needs root (CI runs as root)");
    return null;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-disk-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeMB}m`, "tmpfs", dir]);
  const filler = path.join(dir, "filler");
  return {
    dir,
    fill(leaveMB) {
      const available = fs.statfsSync(dir).bavail * fs.statfsSync(dir).bsize;
      const size = Math.max(0, available - leaveMB * 1024 * 1024);
      execFileSync("fallocate", ["-l", String(size), filler]);
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    unmount() {
      execFileSync("umount", ["-l", dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe("the disk fills up", () => {
  it("says in one line, with the figure, when there is too little room to start", async () => {
    const disk = smallDisk(40);
    if (!disk) return;
    try {
      const { code, output } = await runServerExpectingFailure({ DATA_DIR: path.join(disk.dir, "data") });
      expect(code).toBe(1);
      const lines = output.split("\n").filter((line) => line.startsWith("The server cannot start"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/only \d+ MB free in .*; the embedded database needs at least 112 MB free/);
    } finally {
      disk.unmount();
    }
  });

  it("refuses writes with 503 once the WAL cannot grow, keeps answering or exits by itself, and loses nothing acknowledged", async () => {
    const disk = smallDisk(200);
    if (!disk) return;
    const dataDir = path.join(disk.dir, "data");
    let server: RunningServer | undefined;
    let acknowledged = 0;
    try {
      server = await startServer({ DATA_DIR: dataDir, ...FAST });
      expect((await fetch(`${server.origin}/`)).status).toBe(200);
      // Less free than one 16 MB WAL segment.
      disk.fill(14);
      expect((await fetch(`${server.origin}/readyz`)).status).toBe(503);

      let firstRefusal = 0;
      const refusals = new Map<string, number>();
      for (let i = 0; i < 20_000; i++) {
        const answer = await post(server, i);
        if (answer?.status === 201) {
          acknowledged += 1;
          continue;
        }
        const kind = answer ? `${answer.status} Retry-After ${answer.retryAfter}` : "no answer (exited)";
        refusals.set(kind, (refusals.get(kind) ?? 0) + 1);
        firstRefusal ||= Date.now();
        if (Date.now() - firstRefusal > 2_000 || !answer) break;
      }
      figures["messages acknowledged before the disk was full"] = acknowledged;
      figures["refusals"] = JSON.stringify(Object.fromEntries(refusals));
      expect(firstRefusal).toBeGreaterThan(0);
      for (const kind of refusals.keys()) expect(kind).toMatch(/^(503 Retry-After 10|no answer \(exited\))$/);

      // Within 15 s of the first refusal it answers /healthz, or it has exited by itself (non-zero).
      const exitedOrHealthy = await until(async () => server!.process.exitCode !== null || (await healthy(server!)), 15_000);
      figures["seconds to answering /healthz or exiting"] = (exitedOrHealthy / 1000).toFixed(1);
      if (server.process.exitCode !== null) {
        expect(server.process.exitCode).not.toBe(0);
        figures["it exited by itself, code"] = server.process.exitCode;
      } else {
        // SIGTERM always ends it within 10 s.
        const signalled = Date.now();
        process.kill(-server.process.pid!, "SIGTERM");
        await server.exited;
        figures["seconds from SIGTERM to exit"] = ((Date.now() - signalled) / 1000).toFixed(1);
        expect(Date.now() - signalled).toBeLessThan(10_000);
      }
      await server.stop();
      await databaseStopped(server);
      server = undefined;

      // Space returns: the same folder opens, with every acknowledged message in it.
      disk.free();
      server = await startServer({ DATA_DIR: dataDir, ...FAST });
      expect((await post(server, 99_999))?.status).toBe(201);
      await server.stop();
      await databaseStopped(server);
      const stopped = server;
      server = undefined;
      expect(await storedMessageCount(stopped)).toBe(acknowledged + 1);
    } finally {
      await server?.stop();
      disk.unmount();
    }
  });
});
