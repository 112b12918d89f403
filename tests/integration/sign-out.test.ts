import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar } from "../helpers/cookie-jar";
import { signInOverHttp } from "../helpers/http-sign-in";
import { startServer, type RunningServer } from "../helpers/server-process";

/**
 * Signing out is a POST, checked like every write: a GET of a sign-out address (an image in a post, a
 * link) never ends a session, and a POST another site started is refused. Over real HTTP to the
 * production server, as a browser sends them.
 */

let server: RunningServer;
let origin: string;

beforeAll(async () => {
  server = await startServer({ SIGN_IN_RATE_LIMIT: "1000" });
  origin = `http://localhost:${server.port}`;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const signedIn = async (jar: CookieJar) => (await jar.fetch(`${origin}/api/auth/user`)).status === 200;

describe("signing out", () => {
  it("a GET of /api/logout (an image in a post, a link) keeps the session: 405, Allow: POST", async () => {
    const jar = await signInOverHttp(origin);
    // What a browser sends for <img src="/api/logout"> in a post on this site.
    const image = await jar.fetch(`${origin}/api/logout`, {
      headers: {
        Accept: "image/avif,image/webp,*/*",
        "Sec-Fetch-Site": "same-origin",
        "Sec-Fetch-Dest": "image",
        Referer: `${origin}/newsroom/x`,
      },
    });
    expect(image.status).toBe(405);
    expect(image.headers.get("Allow")).toBe("POST");
    expect(image.headers.getSetCookie()).toEqual([]);
    const head = await jar.fetch(`${origin}/api/logout`, { method: "HEAD" });
    expect(head.status).toBe(405);
    expect(await signedIn(jar)).toBe(true);
  });

  it("a GET of /admin/logout is SPEC's question with a form that posts, and keeps the session", async () => {
    const jar = await signInOverHttp(origin);
    const page = await jar.fetch(`${origin}/admin/logout`, { headers: { "Sec-Fetch-Dest": "image" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Are you sure you want to logout?");
    expect(html).toMatch(/<form method="post" action="\/api\/logout"/);
    expect(await signedIn(jar)).toBe(true);
  });

  it("a POST from another site is refused (403) and the session kept", async () => {
    const jar = await signInOverHttp(origin);
    const attempts: Record<string, string>[] = [
      { Origin: "https://elsewhere.example" },
      { "Sec-Fetch-Site": "cross-site" },
      { Origin: "null" },
    ];
    for (const headers of attempts) {
      const refused = await jar.fetch(`${origin}/api/logout`, { method: "POST", headers });
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.headers.getSetCookie()).toEqual([]);
    }
    expect(await signedIn(jar)).toBe(true);
  });

  it("a POST from the site's own origin ends the session, clears the cookie and goes home", async () => {
    const jar = await signInOverHttp(origin);
    const token = jar.get("kestrel_session")!;
    const posted = await jar.fetch(`${origin}/api/logout`, {
      method: "POST",
      headers: {
        Origin: origin,
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "",
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/");
    expect(posted.headers.getSetCookie().find((c) => c.startsWith("kestrel_session="))).toMatch(/Max-Age=0/);
    // The cookie the browser held, replayed: the session is gone on the server.
    const replay = new CookieJar();
    replay.set("kestrel_session", token);
    expect(await signedIn(replay)).toBe(false);
  });
});
