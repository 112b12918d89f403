import http from "node:http";
import autocannon from "autocannon";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../helpers/server-process";
import { freePort } from "../helpers/server-process";
import { operatorCookie, pgCluster, prepareAt, privateCluster, SESSION_SECRET, throwawayDatabase } from "./support";

/**
 * Faults against the real local PostgreSQL: an outage and recovery, load without lost messages, and a
 * deployment (SIGTERM) in the middle of load. Prints the figures at the end.
 */
const figures: Record<string, string | number> = {};
const LOAD_ENV = { CONTACT_RATE_LIMIT: "1000000", SESSION_SECRET };

afterAll(() => {
  console.log("\nResilience figures");
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
});

function contactBody(i: number): string {
  return JSON.stringify({
    name: `Visitor ${i}`,
    email: `visitor${i}@example.com`,
    subject: "General Inquiry",
    message: `Load-test message number ${i}, long enough to pass.`,
  });
}

async function countMessages(sql: Awaited<ReturnType<typeof throwawayDatabase>>["sql"]): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from contact_messages`;
  return row!.n;
}

describe("the database goes down and comes back", () => {
  it("answers 503 with Retry-After while it is down, stays up, and serves normally within 10 s of its return", async () => {
    const database = await throwawayDatabase();
    let server: RunningServer | undefined;
    try {
      server = await startServer({ DATABASE_URL: database.url, ...LOAD_ENV });
      const origin = server.origin;
      const cookie = await operatorCookie(database.sql);
      await database.sql.end({ timeout: 2 });
      expect((await fetch(`${origin}/`)).status).toBe(200); // warms the page cache

      pgCluster("stop");
      try {
        expect((await fetch(`${origin}/healthz`)).status).toBe(200);
        expect((await fetch(`${origin}/readyz`)).status).toBe(503);
        const write = await fetch(`${origin}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: `http://localhost:${server.port}` },
          body: contactBody(0),
        });
        expect(write.status).toBe(503);
        expect(write.headers.get("retry-after")).toBeTruthy();
        expect(await write.json()).toHaveProperty("message");
        const admin = await fetch(`${origin}/admin`, { headers: { cookie } });
        expect(admin.status).toBe(503);
        expect(admin.headers.get("retry-after")).toBeTruthy();
        // The public home page keeps serving from the cache.
        expect((await fetch(`${origin}/`)).status).toBe(200);
        expect(server.process.exitCode).toBeNull();
      } finally {
        pgCluster("start");
      }

      const back = Date.now();
      let recovered = Number.POSITIVE_INFINITY;
      while (Date.now() - back < 15_000) {
        const ready = await fetch(`${origin}/readyz`).then((r) => r.status);
        const write = await fetch(`${origin}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: `http://localhost:${server.port}` },
          body: contactBody(1),
        }).then((r) => r.status);
        if (ready === 200 && write === 201) {
          recovered = (Date.now() - back) / 1000;
          break;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      figures["seconds from PostgreSQL accepting connections again to serving normally"] = recovered.toFixed(2);
      expect(recovered).toBeLessThan(10);
    } finally {
      pgCluster("start");
      await server?.stop();
      await database.drop();
    }
  });
});

describe("load", () => {
  it("stores every message it answers 2xx to: 2,000 submissions from 50 connections", async () => {
    const database = await throwawayDatabase();
    const server = await startServer({ DATABASE_URL: database.url, ...LOAD_ENV });
    try {
      let i = 0;
      const result = await autocannon({
        url: `${server.origin}/api/contact`,
        connections: 50,
        amount: 2000,
        method: "POST",
        headers: { "content-type": "application/json", origin: `http://localhost:${server.port}` },
        setupClient: (client) => client.setBody(contactBody(i++)),
      });
      const ok = result["2xx"];
      const stored = await countMessages(database.sql);
      figures["submissions sent (load)"] = 2000;
      figures["2xx answers (load)"] = ok;
      figures["rows stored (load)"] = stored;
      expect(ok).toBe(2000);
      expect(stored).toBe(ok);
    } finally {
      await server.stop();
      await database.drop();
    }
  });

  it("finishes in-flight requests, refuses new connections and exits 0 within 10 s on SIGTERM mid-load, losing nothing", async () => {
    const database = await throwawayDatabase();
    const server = await startServer({ DATABASE_URL: database.url, ...LOAD_ENV });
    try {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
      let sent = 0;
      let ok = 0;
      let refused = 0;
      let other = 0;
      let signalledAt = 0;
      const send = (i: number) =>
        new Promise<void>((resolve) => {
          const body = contactBody(i);
          const req = http.request(
            {
              agent,
              host: "127.0.0.1",
              port: server.port,
              method: "POST",
              path: "/api/contact",
              headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), origin: `http://localhost:${server.port}` },
            },
            (res) => {
              res.resume();
              res.on("end", () => {
                if (res.statusCode && res.statusCode < 300) ok += 1;
                else other += 1;
                resolve();
              });
            },
          );
          req.on("error", () => {
            refused += 1;
            resolve();
          });
          sent += 1;
          req.end(body);
        });
      const workers = Array.from({ length: 50 }, async (_, w) => {
        for (let n = 0; n < 60; n++) {
          if (signalledAt && Date.now() - signalledAt > 2000) return;
          await send(w * 1000 + n);
        }
      });
      setTimeout(() => {
        signalledAt = Date.now();
        process.kill(-server.process.pid!, "SIGTERM");
      }, 1500);
      await Promise.all(workers);
      const code = await server.exited;
      const exitSeconds = (Date.now() - signalledAt) / 1000;
      agent.destroy();
      const stored = await countMessages(database.sql);
      figures["submissions sent (SIGTERM mid-load)"] = sent;
      figures["2xx answers (SIGTERM mid-load)"] = ok;
      figures["rows stored (SIGTERM mid-load)"] = stored;
      figures["refused after SIGTERM"] = refused;
      figures["seconds from SIGTERM to exit"] = exitSeconds.toFixed(1);
      expect(code).toBe(0);
      expect(exitSeconds).toBeLessThan(10);
      expect(ok).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
      expect(other).toBe(0);
      expect(stored).toBe(ok);
    } finally {
      await server.stop();
      await database.drop();
    }
  });
});

describe("the database hangs (frozen, not refusing)", () => {
  it("answers a write with 503 within the request deadline, /readyz with 503, and recovers when it thaws", async () => {
    const cluster = await privateCluster(await freePort());
    if (!cluster) {
      console.warn("skipped: a private PostgreSQL cluster needs root and the server binaries (CI has both)");
      return;
    }
    let server: RunningServer | undefined;
    try {
      await prepareAt(cluster.url);
      server = await startServer({ DATABASE_URL: cluster.url, ...LOAD_ENV, REQUEST_DEADLINE_SECONDS: "3", DATABASE_TIMEOUT_SECONDS: "2" });
      const origin = server.origin;
      const write = () =>
        fetch(`${origin}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: `http://localhost:${server!.port}` },
          body: contactBody(7),
        });
      expect((await write()).status).toBe(201);
      expect((await fetch(`${origin}/`)).status).toBe(200); // warms the page cache

      cluster.signal("SIGSTOP");
      const started = Date.now();
      const refused = await write();
      const waited = Date.now() - started;
      figures["ms for a write to be refused with PostgreSQL frozen (deadline 3 s)"] = waited;
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBeTruthy();
      expect(waited).toBeLessThan(5_000);
      const ready = Date.now();
      expect((await fetch(`${origin}/readyz`)).status).toBe(503);
      expect(Date.now() - ready).toBeLessThan(4_000);
      expect((await fetch(`${origin}/healthz`)).status).toBe(200);
      expect((await fetch(`${origin}/`)).status).toBe(200);

      cluster.signal("SIGCONT");
      const thawed = Date.now();
      let back = Number.POSITIVE_INFINITY;
      while (Date.now() - thawed < 15_000) {
        if ((await write()).status === 201) {
          back = Date.now() - thawed;
          break;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      figures["seconds from thaw to storing again"] = (back / 1000).toFixed(2);
      expect(back).toBeLessThan(15_000);
    } finally {
      await server?.stop();
      await cluster.destroy();
    }
  });
});
