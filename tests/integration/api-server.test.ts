import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
