import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimitFor } from "~/server/http/body-limit.server";
import { sendChunked } from "../helpers/raw-http";
import { startServer, type RunningServer } from "../helpers/server-process";

/**
 * The API through the real production server: Remix's routing (the /api catch-all must not shadow
 * the specific routes nor sign-in), HEAD, and the answers a client sees over HTTP.
 */
describe("the API over HTTP", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("routes each path to its own route, and anything else under /api to a JSON 404", async () => {
    const products = await fetch(`${server.origin}/api/products`);
    expect(products.status).toBe(200);
    expect(Array.isArray(await products.json())).toBe(true);

    const openapi = await fetch(`${server.origin}/api/openapi.json`);
    expect(openapi.status).toBe(200);
    expect((await openapi.json()).openapi).toBe("3.1.0");

    for (const path of [
      "/api/nothing",
      "/api/admin/products/1/extra",
      "/api/products/1",
      "/api/auth/nothing",
    ]) {
      const response = await fetch(`${server.origin}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type"), path).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ message: "Not found" });
    }
    // Sign-in is its own route, not the catch-all.
    const login = await fetch(`${server.origin}/api/login`, { redirect: "manual" });
    expect(login.status).not.toBe(404);
    const user = await fetch(`${server.origin}/api/auth/user`);
    expect(user.status).toBe(401);
  });

  it("answers HEAD without a body and If-None-Match with 304", async () => {
    const head = await fetch(`${server.origin}/api/statistics`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const etag = head.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.origin}/api/statistics`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("answers a wrong method with 405, Allow and JSON", async () => {
    const response = await fetch(`${server.origin}/api/products`, { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(await response.json()).toEqual({ message: "Method not allowed" });
  });

  it("stores a contact message sent as JSON, and refuses the same from another site", async () => {
    const body = JSON.stringify({
      name: "Ada",
      email: "ada@example.com",
      subject: "Hello",
      message: "Hello from the test.",
    });
    const sent = await fetch(`${server.origin}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
    });
    expect(sent.status).toBe(201);
    expect(await sent.json()).toEqual({ message: "Message sent" });
    const crossSite = await fetch(`${server.origin}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body,
    });
    expect(crossSite.status).toBe(403);
  });
});

/**
 * The edge's checks, once for every write the API has (listed from its own OpenAPI document): they run
 * before any route, so they hold signed out and signed in alike, and nothing reaches a model.
 */
describe("every API write at the edge", () => {
  let server: RunningServer;
  let writes: [method: string, path: string][];

  beforeAll(async () => {
    server = await startServer();
    const document = (await (await fetch(`${server.origin}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    writes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ["post", "put", "delete", "patch"].includes(method))
        .map((method) => [method.toUpperCase(), path.replace("{id}", "1")] as [string, string]),
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("refuses a write from another site with 403", async () => {
    expect(writes.length).toBeGreaterThan(10);
    for (const [method, path] of writes) {
      const refused: Record<string, string>[] = [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }, { Origin: "null" }];
      for (const headers of refused) {
        const response = await fetch(`${server.origin}${path}`, {
          method,
          headers: { "Content-Type": "application/json", ...headers },
          body: method === "DELETE" ? undefined : "{}",
        });
        expect(response.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(await response.json()).toEqual({ message: "Cross-site request refused" });
      }
    }
  });

  it("refuses a body over its limit (64 KB, 1 MB for the publishing editors) with 413, declared or chunked, before reading it whole", async () => {
    expect(writes.some(([, path]) => bodyLimitFor(path) > 64 * 1024)).toBe(true);
    for (const [method, path] of writes.filter(([method]) => method !== "DELETE")) {
      const limit = bodyLimitFor(path);
      const declared = await fetch(`${server.origin}${path}`, {
        method,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ padding: "x".repeat(limit + 6_000) }),
      });
      expect(declared.status, `${method} ${path}`).toBe(413);
      expect(await declared.json()).toEqual({ message: `Request body too large: the limit is ${limit / 1024} KB` });

      const chunked = await sendChunked(server.port, { method, path, headers: { "content-type": "application/json" }, total: 4 * 1024 * 1024 });
      expect(chunked.status, `${method} ${path} chunked`).toBe(413);
      expect(chunked.sentWhenAnswered).toBeLessThan(4 * 1024 * 1024);
    }
  });
});
