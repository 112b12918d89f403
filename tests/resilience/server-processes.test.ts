import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runServerExpectingFailure, startServer, type RunningServer } from "../helpers/server-process";
import { alive, SESSION_SECRET, throwawayDatabase } from "./support";

/** A real identity provider's settings: nothing asks it anything until someone signs in. */
const IDENTITY_PROVIDER = {
  OIDC_ISSUER: "http://127.0.0.1:9/",
  OIDC_CLIENT_ID: "site",
  OIDC_CLIENT_SECRET: "secret",
};

const pidsListening = (output: string) =>
  [...output.matchAll(/listening on .*one of 2 processes, pid (\d+)\)/g)].map((m) => Number(m[1]));

describe("WEB_CONCURRENCY: several server processes on one port", () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let server: RunningServer;

  beforeAll(async () => {
    database = await throwawayDatabase();
    server = await startServer({
      DATABASE_URL: database.url,
      SESSION_SECRET,
      WEB_CONCURRENCY: "2",
      ...IDENTITY_PROVIDER,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("refuses more than one process on the embedded database or with the local sign-in, saying why", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-processes-"));
    const { code, output } = await runServerExpectingFailure({
      WEB_CONCURRENCY: "2",
      DATA_DIR: dataDir,
      SESSION_SECRET,
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(output).toContain("WEB_CONCURRENCY: more than one process needs DATABASE_URL");
    expect(output).toContain("WEB_CONCURRENCY: more than one process needs OIDC_ISSUER");
  });

  it("starts two processes that both answer, and replaces one that dies", async () => {
    await expect.poll(() => pidsListening(server.output()).length, { timeout: 30_000 }).toBe(2);
    const [first, second] = pidsListening(server.output());
    expect(first).not.toBe(second);
    const pages = await Promise.all(Array.from({ length: 8 }, () => fetch(`${server.origin}/about`)));
    expect(pages.map((page) => page.status)).toEqual(Array(8).fill(200));

    process.kill(first!, "SIGKILL");
    await expect.poll(() => pidsListening(server.output()).length, { timeout: 30_000 }).toBe(3);
    expect(server.output()).toContain(`server process ${first} ended (SIGKILL); starting another`);
    const after = await Promise.all(Array.from({ length: 8 }, () => fetch(`${server.origin}/about`)));
    expect(after.map((page) => page.status)).toEqual(Array(8).fill(200));
  });

  it("passes SIGTERM on to every process and exits 0 when the last has drained", async () => {
    const workers = pidsListening(server.output()).filter(alive);
    expect(workers).toHaveLength(2);
    process.kill(server.process.pid!, "SIGTERM");
    expect(await server.exited).toBe(0);
    for (const pid of workers) expect(alive(pid), `process ${pid}`).toBe(false);
    expect(server.output()).toContain("SIGTERM: stopping 2 server process(es)");
  });
});
