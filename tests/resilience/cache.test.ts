import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../helpers/server-process";
import { operatorCookie, SESSION_SECRET, throwawayDatabase } from "./support";

/** Two instances sharing one PostgreSQL, as behind a load balancer. */
describe("the content and page caches across instances", () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let first: RunningServer;
  let second: RunningServer;
  let cookie: string;

  beforeAll(async () => {
    database = await throwawayDatabase();
    cookie = await operatorCookie(database.sql);
    [first, second] = await Promise.all([
      startServer({ DATABASE_URL: database.url, SESSION_SECRET }),
      startServer({ DATABASE_URL: database.url, SESSION_SECRET }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.drop();
  });

  it("shows an edit made on one instance on the other within a second", async () => {
    // Both instances have the home page in their caches.
    for (const server of [first, second]) expect((await fetch(`${server.origin}/`)).status).toBe(200);
    const { subtitle, primaryCtaText, primaryCtaUrl, secondaryCtaText, secondaryCtaUrl } = await (
      await fetch(`${first.origin}/api/hero-content`)
    ).json();
    const title = `Edited at ${Date.now()}`;
    const saved = await fetch(`${first.origin}/api/admin/hero-content`, {
      method: "PUT",
      headers: { "content-type": "application/json", cookie, origin: `http://localhost:${first.port}` },
      body: JSON.stringify({ title, subtitle, primaryCtaText, primaryCtaUrl, secondaryCtaText, secondaryCtaUrl }),
    });
    expect(saved.status).toBe(200);
    const started = Date.now();
    let seenAfter = Number.POSITIVE_INFINITY;
    while (Date.now() - started < 3000) {
      if ((await (await fetch(`${second.origin}/`)).text()).includes(title)) {
        seenAfter = Date.now() - started;
        break;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    console.log(`The second instance showed the edit after ${seenAfter} ms`);
    expect(seenAfter).toBeLessThan(1000);
  });

  it("never carries one visitor's state to another", async () => {
    const origin = first.origin;
    // An operator's render is private and never cached for visitors.
    const operator = await fetch(`${origin}/`, { headers: { cookie } });
    expect(operator.headers.get("cache-control")).toBe("private, no-store");
    const operatorHtml = await operator.text();
    const visitor = await fetch(`${origin}/`);
    expect(visitor.headers.get("cache-control")).toContain("public");
    const visitorHtml = await visitor.text();
    expect(visitorHtml).not.toBe(operatorHtml);
    expect(visitorHtml).not.toContain("admin@kestrelinsight.example");

    // A visitor who chose has no banner; a new visitor gets it; neither sees the other's page.
    const decided = await (await fetch(`${origin}/about`, { headers: { cookie: "kestrel_consent=declined" } })).text();
    const undecided = await (await fetch(`${origin}/about`)).text();
    expect(undecided).toContain('action="/consent"');
    expect(decided).not.toContain('action="/consent"');

    // Each response, cached or not, gets its own nonce.
    const nonces = await Promise.all(
      [1, 2, 3].map(async () => /nonce="([^"]+)"/.exec(await (await fetch(`${origin}/`)).text())![1]),
    );
    expect(new Set(nonces).size).toBe(3);
  });

  it("answers a repeat visit with 304 and never sets a cookie on a cacheable page", async () => {
    const response = await fetch(`${first.origin}/careers`);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("cache-control")).toMatch(/s-maxage=\d+$/);
    expect(response.headers.get("cdn-cache-control")).toMatch(/stale-while-revalidate=\d+/);
    const etag = response.headers.get("etag")!;
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy")!)![1]!;
    expect((await response.text())).toContain(`nonce="${nonce}"`);
    const again = await fetch(`${first.origin}/careers`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    // The browser keeps the HTML it has: the 304's policy must allow that copy's nonce.
    expect(again.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    const fresh = await fetch(`${first.origin}/careers`);
    expect(fresh.headers.get("content-security-policy")).not.toContain(`'nonce-${nonce}'`);
  });
});
