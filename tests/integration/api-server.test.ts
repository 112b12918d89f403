import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES, bodyLimitFor } from "~/server/http/body-limit.server";
import type { CookieJar } from "../helpers/cookie-jar";
import { signInOverHttp } from "../helpers/http-sign-in";
import { rawRequest, sendChunked } from "../helpers/raw-http";
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
 * before any route, so nothing reaches a model. They hold signed out and signed in alike, but for the
 * larger body limits, which are a signed-in operator's alone.
 */
describe("every API write at the edge", () => {
  let server: RunningServer;
  let writes: [method: string, path: string][];
  let operator: CookieJar;

  beforeAll(async () => {
    server = await startServer();
    operator = await signInOverHttp(`http://localhost:${server.port}`);
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

  /**
   * A body over `limit` is refused with 413 before it is read whole: one that declares its length at once
   * (nothing of it is sent here), one sent chunked as soon as it passes the limit.
   */
  async function expectRefusedOver(limit: number, method: string, path: string, headers: Record<string, string>) {
    const label = `${method} ${path}${headers.Cookie ? " signed in" : ""}`;
    const declared = await rawRequest(server.port, [
      `${method} ${encodeURI(path)} HTTP/1.1`,
      `Host: localhost:${server.port}`,
      "Content-Type: application/json",
      `Content-Length: ${limit + 6_000}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ]);
    expect(declared.status, label).toBe(413);
    expect(JSON.parse(declared.body), label).toEqual({ message: `Request body too large: the limit is ${limit / 1024} KB` });

    const total = Math.max(4 * 1024 * 1024, limit + 1024 * 1024);
    const chunked = await sendChunked(server.port, { method, path: encodeURI(path), headers: { "content-type": "application/json", ...headers }, total });
    expect(chunked.status, `${label} chunked`).toBe(413);
    expect(chunked.sentWhenAnswered, `${label} chunked`).toBeLessThan(total);
  }

  it("holds a body from anyone signed out to 64 KB, whatever the address: 413, declared or chunked, before reading it whole", async () => {
    for (const [method, path] of writes.filter(([method]) => method !== "DELETE")) {
      await expectRefusedOver(BODY_LIMIT_BYTES, method, path, {});
    }
  });

  it("gives a signed-in operator the larger limits (1 MB for the publishing editors, 10 MB and a little for a media upload), and refuses more with 413", async () => {
    expect(writes.filter(([, path]) => bodyLimitFor(path) > BODY_LIMIT_BYTES).map(([method, path]) => `${method} ${path}`)).toEqual(
      expect.arrayContaining(["POST /api/admin/posts", "PUT /api/admin/legal-documents/{key}", "POST /api/admin/media"]),
    );
    const cookie = operator.header(`http://localhost:${server.port}/api/admin`);
    expect(cookie).not.toBe("");
    for (const [method, path] of writes.filter(([method]) => method !== "DELETE")) {
      await expectRefusedOver(bodyLimitFor(path), method, path, { Cookie: cookie });
    }
  });
});
