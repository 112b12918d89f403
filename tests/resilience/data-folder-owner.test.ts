import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../scripts/server-node-flags.mjs";
import { freePort, SERVER_ENTRY, startServer, type RunningServer } from "../helpers/server-process";
import { alive, databaseProcess } from "./support";

/**
 * One server per data folder (issue 34, item 2): a second server on a folder in use exits at once,
 * non-zero, naming the process that holds it, and the first keeps answering; a server killed with
 * `kill -9` leaves no stale lock, and its database process goes too, so the next server starts.
 */
const figures: Record<string, string | number> = {};
afterAll(() => {
  console.log("\nData folder figures");
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
});



/** Starts the built server on `dataDir` expecting it to refuse: its exit code, output and time to exit. */
async function secondServer(dataDir: string): Promise<{ code: number | null; output: string; ms: number }> {
  const port = await freePort();
  const started = performance.now();
  return new Promise((resolve) => {
    let output = "";
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
      env: {
        ...process.env,
        DATABASE_URL: "",
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: performance.now() - started });
    });
  });
}

describe("one server per data folder", () => {
  it("a second server on the folder exits at once, non-zero, naming the first's process; the first keeps answering", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-owner-"));
    const first = await startServer({ DATA_DIR: dataDir });
    try {
      const second = await secondServer(dataDir);
      figures["ms for a second server to refuse the folder (whole process, start to exit)"] = Math.round(
        second.ms,
      );
      expect(second.code).not.toBe(0);
      expect(second.code).not.toBeNull();
      expect(second.output).toContain(
        `another server (process ${first.process.pid}) is using the data folder`,
      );
      expect(second.ms).toBeLessThan(10_000);
      expect((await fetch(`${first.origin}/readyz`)).status).toBe(200);
      const write = await fetch(`${first.origin}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: `http://localhost:${first.port}` },
        body: JSON.stringify({
          name: "Owner",
          email: "owner@example.com",
          subject: "General Inquiry",
          message: "Stored by the folder's one owner.",
        }),
      });
      expect(write.status).toBe(201);
      expect(first.process.exitCode).toBeNull();
    } finally {
      await first.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("after kill -9 of the server its database process is gone within 3 s, and a new server starts on the folder", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-owner-"));
    let next: RunningServer | undefined;
    try {
      const first = await startServer({ DATA_DIR: dataDir });
      const child = databaseProcess(first);
      const killedAt = performance.now();
      process.kill(first.process.pid!, "SIGKILL");
      await first.exited;
      while (alive(child) && performance.now() - killedAt < 3000)
        await new Promise((resolve) => setTimeout(resolve, 50));
      figures["ms for the database process to go after kill -9 of its server"] = Math.round(
        performance.now() - killedAt,
      );
      expect(alive(child)).toBe(false);

      next = await startServer({ DATA_DIR: dataDir });
      expect((await fetch(`${next.origin}/readyz`)).status).toBe(200);
      expect(next.output()).not.toContain("is using the data folder");
    } finally {
      await next?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
