import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runServerExpectingFailure, startServer, type RunningServer } from "../helpers/server-process";
import { storedMessageCount } from "../helpers/stored-data";

describe("the production server", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers /healthz while it lives and /readyz while the database answers", async () => {
    const health = await fetch(`${server.origin}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${server.origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", eventLoopDelayP99Ms: expect.any(Number) });
  });

  it("runs on Node 24, as does this test runner that started it", async () => {
    expect(process.versions.node).toMatch(/^24\./);
    await expect.poll(() => server.output()).toMatch(/\[server\] listening on .*, Node v24\.\d+\.\d+\)/);
  });

  it("serves the home page with the seeded hero, compressed, without X-Powered-By", async () => {
    const response = await fetch(`${server.origin}/`, { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-powered-by")).toBeNull();
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(await response.text()).toContain("Investment intelligence you can check for yourself");
  });

  it("compresses a search first asked by a client that takes it plain for the visitors after it who accept gzip", async () => {
    const address = `${server.origin}/search?q=${encodeURIComponent("risk portfolio")}`;
    const plain = await fetch(address, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const plainText = await plain.text();
    expect(plainText).toContain("risk portfolio");

    const compressed = await Promise.all(
      Array.from({ length: 5 }, () => fetch(address, { headers: { "accept-encoding": "gzip" } })),
    );
    const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)![1]!;
    for (const response of compressed) {
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe("gzip");
      const text = await response.text();
      // The same stored page, with this response's own nonce.
      expect(text.replaceAll(nonceOf(text), "N")).toBe(plainText.replaceAll(nonceOf(plainText), "N"));
    }
  });

  it("serves hashed assets as immutable for a year", async () => {
    const html = await (await fetch(`${server.origin}/`)).text();
    const asset = /\/assets\/[^"]+\.css/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await fetch(`${server.origin}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("sends scripts precompressed in the smallest encoding the browser accepts, the same code in each", async () => {
    const html = await (await fetch(`${server.origin}/`)).text();
    const script = /\/assets\/site-[^"]+\.js/.exec(html)?.[0];
    expect(script).toBeTruthy();
    const get = (acceptEncoding: string) =>
      fetch(`${server.origin}${script}`, { headers: { "accept-encoding": acceptEncoding } });

    const plain = await get("identity");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const code = await plain.text();
    for (const [accepted, sent] of [
      ["br, gzip", "br"],
      ["gzip, deflate", "gzip"],
      ["br;q=0, gzip", "gzip"],
    ] as const) {
      const response = await get(accepted);
      expect(response.headers.get("content-encoding"), accepted).toBe(sent);
      expect(response.headers.get("content-type")).toMatch(/^(application|text)\/javascript/);
      expect(response.headers.get("vary")).toMatch(/Accept-Encoding/i);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await response.text()).toBe(code);
    }
  });
});

describe("start-up configuration", () => {
  // Each a process of its own that exits at once: started side by side.
  it.concurrent.each([
    [{ PORT: "eighty" }, /PORT: must be a whole number from 1 to 65535 \(got "eighty"\)/],
    [{ PORT: "70000" }, /PORT: must be a whole number/],
    [
      { DATABASE_URL: "mysql://db.example/site" },
      /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/,
    ],
    [
      { PUBLIC_URL: "https://www.kestrelinsight.example" },
      /SESSION_SECRET: required when PUBLIC_URL is not a loopback address/,
    ],
  ])("refuses %o with one clear line and exit code 1", async (env, message) => {
    const { code, output } = await runServerExpectingFailure(env);
    expect(code).toBe(1);
    expect(output).toMatch(message);
  });

  it("stops with a clear message when the database cannot be reached", async () => {
    const { code, output } = await runServerExpectingFailure({
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-bad-db-")),
    });
    expect(code).toBe(1);
    expect(output).toMatch(/the database failed to open/);
  });
});

describe("graceful shutdown", () => {
  it("finishes a request in flight (saying Connection: close), refuses new connections and exits 0", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-shutdown-"));
    const server = await startServer({ DATA_DIR: dataDir });
    // A visitor's message whose body is still arriving when SIGTERM comes.
    const inFlight = new Promise<{ status: number; body: string; connection: string | undefined }>(
      (resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port: server.port,
            method: "POST",
            path: "/api/contact",
            headers: { "content-type": "application/json", connection: "keep-alive" },
            agent: new http.Agent({ keepAlive: true }),
          },
          (res) => {
            let body = "";
            res.on("data", (c) => (body += c));
            res.on("end", () =>
              resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
            );
          },
        );
        req.on("error", reject);
        req.write('{"name":"Ada Lovelace","email":"ada@example.com",');
        setTimeout(() => {
          process.kill(-server.process.pid!, "SIGTERM");
          setTimeout(async () => {
            const refused = await fetch(`${server.origin}/healthz`).then(
              () => false,
              () => true,
            );
            expect(refused).toBe(true);
            req.end('"subject":"General Inquiry","message":"Sent while the server was shutting down."}');
          }, 400);
        }, 300);
      },
    );
    const answer = await inFlight;
    expect(answer.status).toBe(201);
    // A keep-alive client is told not to send another request on this connection.
    expect(answer.connection).toBe("close");
    const started = Date.now();
    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.output()).toMatch(/SIGTERM: closing; 1 request\(s\) in flight/);
    // The message answered 201 was stored before the process closed its database.
    expect(await storedMessageCount(server)).toBe(1);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
