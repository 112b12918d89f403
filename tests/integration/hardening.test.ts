import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendChunked } from "../helpers/raw-http";
import { freePort, startServer, type RunningServer } from "../helpers/server-process";

/** The production server configured as an https site (as deployed), reached over loopback. */
describe("security at the edge", () => {
  let server: RunningServer;
  let siteOrigin: string;

  beforeAll(async () => {
    const port = await freePort();
    siteOrigin = `https://localhost:${port}`;
    server = await startServer({ PORT: String(port), PUBLIC_URL: siteOrigin });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const kinds = [
    ["a page", "/"],
    ["a 404 page", "/no-such-page"],
    ["a static file", "/favicon.svg"],
    ["a health check", "/healthz"],
  ] as const;

  it.each(kinds)("sends the security headers on %s", async (_kind, path) => {
    const response = await fetch(`${server.origin}${path}`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  });

  it.each([
    ["a JSON read", "/api/products"],
    ["a JSON error", "/api/no-such-endpoint"],
    ["a JSON answer refused before Express", "/api/%E0%A4%A"],
  ])("sends %s the headers for data: it may load nothing and be framed nowhere", async (_kind, path) => {
    const response = await fetch(`${server.origin}${path}`);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(response.headers.get("permissions-policy")).toBeNull();
  });

  it("gives each response its own nonce", async () => {
    const nonce = async () => /'nonce-([^']+)'/.exec((await fetch(`${server.origin}/`)).headers.get("content-security-policy")!)![1];
    expect(await nonce()).not.toBe(await nonce());
  });

  it("answers a revalidation of a cached page with 304 and the policy for the nonce the visitor's copy has", async () => {
    for (const encoding of ["gzip", "identity"]) {
      const first = await fetch(`${server.origin}/`, { headers: { "accept-encoding": encoding } });
      const nonce = /'nonce-([^']+)'/.exec(first.headers.get("content-security-policy")!)![1]!;
      expect(await first.text()).toContain(`nonce="${nonce}"`);
      const again = await fetch(`${server.origin}/`, { headers: { "if-none-match": first.headers.get("etag")! } });
      expect(again.status).toBe(304);
      expect(again.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
      // A copy of an older version of the page is sent the current one.
      const stale = first.headers.get("etag")!.replace(/W\/"[^.]+\./, 'W/"older.');
      expect((await fetch(`${server.origin}/`, { headers: { "if-none-match": stale } })).status).toBe(200);
    }
  });

  it.each([
    ["an Origin of another site", { origin: "https://evil.example" }],
    ["an opaque Origin", { origin: "null" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
  ])("refuses a write with %s (403) before any route runs", async (_what, headers) => {
    for (const path of ["/contact", "/api/contact", "/admin/products/new"]) {
      const response = await fetch(`${server.origin}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: "name=Mallory",
      });
      expect(response.status).toBe(403);
    }
  });

  it("lets a same-site write through the guard", async () => {
    const response = await fetch(`${server.origin}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: siteOrigin, "sec-fetch-site": "same-origin" },
      body: "{}",
    });
    expect(response.status).not.toBe(403);
  });

  it("answers 413 to a declared body over 64 KB", async () => {
    const response = await fetch(`${server.origin}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: siteOrigin },
      body: JSON.stringify({ message: "x".repeat(70_000) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "Request body too large: the limit is 64 KB" });
  });

  it("answers 413 to a chunked body as soon as it passes 64 KB, without reading it whole", async () => {
    const total = 4 * 1024 * 1024;
    const result = await sendChunked(server.port, {
      method: "POST",
      path: "/contact",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: siteOrigin },
      total,
      intervalMs: 5,
    });
    expect(result.status).toBe(413);
    expect(result.sentWhenAnswered).toBeLessThan(total);
  });
});

describe("rate limits by client address", () => {
  const body = JSON.stringify({
    name: "Visitor",
    email: "visitor@example.com",
    subject: "General Inquiry",
    message: "A message to count against the limit.",
  });
  const send = (origin: string, forwardedFor: string) =>
    fetch(`${origin}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      body,
    });

  it("are not fooled by a spoofed X-Forwarded-For when no proxy is trusted (TRUST_PROXY=0)", async () => {
    const server = await startServer({ CONTACT_RATE_LIMIT: "5", TRUST_PROXY: "0" });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 6; i++) statuses.push((await send(server.origin, `198.51.100.${i}`)).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      const refused = await send(server.origin, "198.51.100.99");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  });

  it("use the address the trusted proxy reports when TRUST_PROXY=1", async () => {
    const server = await startServer({ CONTACT_RATE_LIMIT: "5", TRUST_PROXY: "1" });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 6; i++) statuses.push((await send(server.origin, `198.51.100.${i}`)).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 201]);
    } finally {
      await server.stop();
    }
  });
});

