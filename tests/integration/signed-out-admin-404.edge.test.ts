// The server's edge, the same whichever database is behind it: run in the PGlite pass only (vite.config.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, withoutNonces, type RawResponse } from "../helpers/raw-http";
import { startServer, type RunningServer } from "../helpers/server-process";

/**
 * Signed out, the admin does not exist (SPEC 2): every admin address, however it is spelt, and every
 * method get the site's own not-found page, byte for byte the one an admin address that never existed
 * gets, naming no route. Sent over raw sockets to the production server, so nothing normalises the
 * request line on the way.
 */

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

function send(method: string, target: string): Promise<RawResponse> {
  const lines = [`${method} ${target} HTTP/1.1`, `Host: localhost:${server.port}`, "Connection: close"];
  if (method === "GET" || method === "HEAD") return rawRequest(server.port, lines, { method });
  const body = "intent=save&title=x";
  lines.push("Content-Type: application/x-www-form-urlencoded", `Content-Length: ${body.length}`);
  return rawRequest(server.port, lines, { method, body });
}

const REFERENCE = "/admin/anything-that-does-not-exist";

const PATHS = [
  "/admin",
  "/admin/",
  "/admin/news",
  "/admin/news/new",
  "/admin/news/1/edit",
  "/admin/messages.csv",
  "/admin/logout",
  "/%61dmin/news",
  "/%61dmin/newsx",
  "/%61%64%6d%69%6e/hero",
  "/ADMIN/news",
  "/Admin/News",
  "//admin/news",
  "/admin//news",
  "/admin/news/",
  "/admin/%6eews",
  "/admin.data",
  "/admin/news.data",
  "/%61dmin/news.data",
  "/admin/news.data?_routes=routes%2Fadmin.news",
  "/admin/news?_data=routes%2Fadmin.news",
  "/admin?_data=routes%2Fadmin",
  "/admin/news?index",
  `${REFERENCE}.data`,
];
const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE"];

describe("signed out, every admin address and method is the site's 404", () => {
  let reference: RawResponse;

  beforeAll(async () => {
    reference = await send("GET", REFERENCE);
  });

  it("the reference is the site's own not-found page, with the cookie banner, naming no route", () => {
    expect(reference.status).toBe(404);
    expect(reference.headers["content-type"]).toMatch(/^text\/html/);
    expect(reference.body).toContain("404 Page Not Found");
    expect(reference.body).toMatch(/cookie/i);
    expect(reference.body).not.toContain("routes/admin");
  });

  it.each(PATHS.flatMap((path) => METHODS.map((method) => [method, path] as const)))(
    "%s %s",
    async (method, path) => {
      const answer = await send(method, path);
      expect(answer.status).toBe(404);
      expect(answer.headers["content-type"]).toBe(reference.headers["content-type"]);
      expect(answer.headers["allow"]).toBeUndefined();
      if (method === "HEAD") return;
      expect(answer.body).not.toContain("routes/admin");
      expect(withoutNonces(answer.body)).toBe(withoutNonces(reference.body));
    },
  );
});
