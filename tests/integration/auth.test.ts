import crypto from "node:crypto";
import { admitOperator, removeOperator, updateOperator } from "~/models/operators.server";
import { isAllowedAdmin } from "~/server/auth/auth.server";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~db/client.server";
import { operators, sessions, users } from "~db/schema";
import * as callbackRoute from "~/routes/api.auth.callback";
import * as userRoute from "~/routes/api.auth.user";
import * as loginRoute from "~/routes/api.login";
import * as logoutRoute from "~/routes/api.logout";
import * as authCheckRoute from "~/routes/auth";
import { upsertUser } from "~/models/sessions.server";
import { setConfig, type Config } from "~/server/config.server";
import { startSession } from "~/server/auth/session.server";
import { CookieJar } from "../helpers/cookie-jar";
import { settle, testContext, type RouteResult } from "../helpers/route-result";
import { useLocalIdentityProvider } from "../helpers/local-identity-provider";
import { freePort } from "../helpers/server-process";
import express from "express";
import { createLocalIdentityProvider } from "~/server/auth/local-identity-provider.server";

/**
 * The sign-in flow end to end, in process: the real local identity provider (oidc-provider) listens on a
 * port, the routes' loaders are called with Requests carrying a cookie jar's cookies, and the database
 * is checked directly.
 */

const ADMIN = "admin@kestrelinsight.example";
const provider = useLocalIdentityProvider();
let origin = "";
let config: Config;
beforeAll(() => {
  ({ origin, config } = provider);
});

function request(url: string, jar?: CookieJar, init: RequestInit = {}): Request {
  const absolute = new URL(url, origin);
  const headers = new Headers(init.headers);
  const cookie = jar?.header(absolute);
  if (cookie) headers.set("Cookie", cookie);
  return new Request(absolute, { ...init, headers });
}

async function run(
  route: { loader?: unknown; action?: unknown },
  url: string,
  jar?: CookieJar,
  init: RequestInit & { address?: string } = {},
): Promise<RouteResult> {
  const { address, ...requestInit } = init;
  const method = (requestInit.method ?? "GET").toUpperCase();
  const fn = (method === "GET" ? route.loader : route.action) as (args: unknown) => unknown;
  const result = await settle(() =>
    fn({
      request: request(url, jar, requestInit),
      params: {},
      context: { ...testContext, clientAddress: address ?? testContext.clientAddress },
    }),
  );
  jar?.store(result.headers);
  return result;
}

/** GET /api/login: the redirect to the provider's authorization endpoint. */
async function startFlow(jar: CookieJar, query = ""): Promise<URL> {
  const result = await run(loginRoute, `/api/login${query}`, jar);
  expect(result.status).toBe(302);
  return new URL(result.headers.get("Location")!);
}

interface ProviderForm {
  email?: string;
  firstName?: string;
  intent?: "sign-in" | "cancel";
}

/** Through the provider as a browser would: its sign-in form, then back towards our callback. */
async function throughProvider(jar: CookieJar, authorize: URL, form: ProviderForm = {}): Promise<string> {
  let response = await jar.fetch(authorize);
  expect(response.status).toBe(303);
  const interaction = new URL(response.headers.get("Location")!, origin);
  response = await jar.fetch(interaction);
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('<label for="email">E-mail address</label>');
  response = await jar.fetch(interaction, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      email: form.email ?? ADMIN,
      firstName: form.firstName ?? "Ada",
      intent: form.intent ?? "sign-in",
    }),
  });
  expect(response.status).toBe(303);
  response = await jar.fetch(new URL(response.headers.get("Location")!, origin));
  expect(response.status).toBe(303);
  const callback = response.headers.get("Location")!;
  expect(callback.startsWith(`${origin}/api/auth/callback?`)).toBe(true);
  return callback;
}

async function signIn(jar: CookieJar, form: ProviderForm = {}, query = ""): Promise<RouteResult> {
  const callback = await throughProvider(jar, await startFlow(jar, query), form);
  return run(callbackRoute, callback, jar);
}

async function sessionCount(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(sessions);
  return row!.n;
}

function sessionCookieOf(jar: CookieJar): string | undefined {
  return jar.get("kestrel_session");
}

async function currentUser(jar: CookieJar): Promise<RouteResult> {
  return run(userRoute, "/api/auth/user", jar);
}

describe("signing in through the local identity provider", () => {
  it("starts with PKCE S256, a state and the openid email profile scopes, in a short-lived HttpOnly cookie", async () => {
    const jar = new CookieJar();
    const authorize = await startFlow(jar);
    expect(authorize.origin + authorize.pathname).toBe(`${origin}/oidc/auth`);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get("state")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get("scope")).toBe("openid email profile");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${origin}/api/auth/callback`);
    const result = await run(loginRoute, "/api/login", new CookieJar());
    const stateCookie = result.headers.getSetCookie().find((c) => c.startsWith("kestrel_oauth:"));
    expect(stateCookie).toMatch(/HttpOnly/);
    expect(stateCookie).toMatch(/SameSite=Lax/);
    expect(stateCookie).toMatch(/Max-Age=600/);
  });

  it("lets an allowlisted operator in: a new session, the state cookies cleared, /admin, and /api/auth/user", async () => {
    const jar = new CookieJar();
    const before = await sessionCount();
    const result = await signIn(jar, { email: "Admin@KestrelInsight.example", firstName: "Ada" });

    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin");
    expect(await sessionCount()).toBe(before + 1);
    expect(jar.names().filter((n) => n.startsWith("kestrel_oauth") || n === "kestrel_return_to")).toEqual([]);
    const setCookie = result.headers.getSetCookie().find((c) => c.startsWith("kestrel_session="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // http://localhost: a local site

    const me = await currentUser(jar);
    expect(me.status).toBe(200);
    expect(me.headers.get("Cache-Control")).toBe("no-store");
    expect(me.body).toEqual({ id: expect.any(Number), email: ADMIN, firstName: "Ada", role: "admin" });
  });

  it("stores only a hash of a 256-bit random token", async () => {
    const jar = new CookieJar();
    await signIn(jar);
    const cookie = decodeURIComponent(sessionCookieOf(jar)!);
    const token = JSON.parse(Buffer.from(cookie.split(".")[0]!, "base64").toString("utf8")) as string;
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const hash = crypto.createHash("sha256").update(token).digest("hex");
    const rows = await getDb().select().from(sessions).where(eq(sessions.idHash, hash));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(await getDb().select().from(sessions))).not.toContain(token);
  });

  it("gives a new session id at every sign-in, and the one the browser held stops working", async () => {
    const jar = new CookieJar();
    await signIn(jar);
    const first = sessionCookieOf(jar)!;
    await signIn(jar);
    const second = sessionCookieOf(jar)!;
    expect(second).not.toBe(first);

    const stale = new CookieJar();
    stale.set("kestrel_session", first);
    expect((await currentUser(stale)).status).toBe(401);
    expect((await currentUser(jar)).status).toBe(200);
  });

  it("admits a whole domain listed as @domain, and keeps the first name from given_name", async () => {
    const jar = new CookieJar();
    const result = await signIn(jar, { email: "grace@ops.kestrelinsight.example", firstName: "Grace" });
    expect(result.status).toBe(302);
    expect((await currentUser(jar)).body).toMatchObject({ email: "grace@ops.kestrelinsight.example", firstName: "Grace" });
  });

  it("refuses an e-mail that is not on ADMIN_EMAILS with 403, no session and no user", async () => {
    const jar = new CookieJar();
    const before = await sessionCount();
    const result = await signIn(jar, { email: "mallory@elsewhere.example", firstName: "Mallory" });
    expect(result.status).toBe(403);
    expect(result.body).toMatchObject({ problem: "refused", reason: "not_allowed", email: "mallory@elsewhere.example" });
    expect(result.headers.getSetCookie().some((c) => c.startsWith("kestrel_session="))).toBe(false);
    expect(await sessionCount()).toBe(before);
    expect(await getDb().select().from(users).where(eq(users.email, "mallory@elsewhere.example"))).toEqual([]);
    expect((await currentUser(jar)).status).toBe(401);
  });

  it("returns to a same-site page asked for with returnTo", async () => {
    const jar = new CookieJar();
    const result = await signIn(jar, {}, `?returnTo=${encodeURIComponent("/admin/products?page=2")}`);
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/products?page=2");
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "/.//evil.example",
    "\\\\evil.example",
    "https://evil.example/admin",
    "http:evil.example",
    "javascript:alert(1)",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%255C%255Cevil.example",
    "/%252F%252Fevil.example",
    "/\t/evil.example",
    "/%09/evil.example",
    "/%0d%0aSet-Cookie:x=y",
    "/api/logout",
    " /admin/hero",
  ])("ignores the returnTo attack %j and lands on /admin", async (attack) => {
    const jar = new CookieJar();
    const result = await signIn(jar, {}, `?returnTo=${encodeURIComponent(attack)}`);
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin");
  });

  it("ignores a forged returnTo cookie (it is signed)", async () => {
    const jar = new CookieJar();
    const callback = await throughProvider(jar, await startFlow(jar));
    // A well-formed but unsigned value: honoured only if the cookie were not signed.
    jar.set("kestrel_return_to", encodeURIComponent(Buffer.from(JSON.stringify("/admin/hero")).toString("base64")), "/api/auth/callback");
    const result = await run(callbackRoute, callback, jar);
    expect(result.headers.get("Location")).toBe("/admin");
  });
});

describe("the local identity provider answers only this computer", () => {
  /** The provider behind a listener that reports another peer, as if reached over the network. */
  async function providerSeenFrom(peer: string): Promise<{ url: string; close: () => Promise<void> }> {
    const app = express();
    app.use("/oidc", createLocalIdentityProvider(config));
    const listener = (await import("node:http")).createServer((req, res) => {
      Object.defineProperty(req.socket, "remoteAddress", { value: peer, configurable: true });
      app(req, res);
    });
    const port = await freePort();
    await new Promise<void>((resolve) => listener.listen(port, "127.0.0.1", resolve));
    return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => listener.close(() => resolve())) };
  }

  it.each(["192.0.2.10", "::ffff:198.51.100.7", "2001:db8::1"])("refuses a peer at %s (403)", async (peer) => {
    const provider = await providerSeenFrom(peer);
    try {
      for (const path of ["/oidc/.well-known/openid-configuration", "/oidc/auth?client_id=kestrel-site", "/oidc/interaction/abc"]) {
        const response = await fetch(`${provider.url}${path}`, { redirect: "manual" });
        expect(response.status, path).toBe(403);
        expect(await response.text()).toContain("Not available from another computer");
      }
    } finally {
      await provider.close();
    }
  });

  it.each(["127.0.0.1", "::1", "::ffff:127.0.0.1"])("answers a peer at %s", async (peer) => {
    const provider = await providerSeenFrom(peer);
    try {
      expect((await fetch(`${provider.url}/oidc/.well-known/openid-configuration`)).status).toBe(200);
    } finally {
      await provider.close();
    }
  });

  it("finishes no sign-in for a callback that arrives from another computer", async () => {
    const jar = new CookieJar();
    const callback = await throughProvider(jar, await startFlow(jar));
    const before = await sessionCount();
    const result = await settle(() =>
      callbackRoute.loader({
        request: request(callback, jar),
        params: {},
        context: { ...testContext, peerAddress: "192.0.2.10" },
      } as never),
    );
    expect(result.status).toBe(403);
    expect(result.body).toMatchObject({ problem: "refused", reason: "remote_peer" });
    expect(result.headers.getSetCookie().some((c) => c.startsWith("kestrel_session="))).toBe(false);
    expect(await sessionCount()).toBe(before);
  });
});

describe("a bad or replayed callback", () => {
  async function expectFailed(result: RouteResult, before: number) {
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ problem: "failed" });
    expect(result.headers.getSetCookie().some((c) => c.startsWith("kestrel_session="))).toBe(false);
    expect(await sessionCount()).toBe(before);
  }

  it("a wrong state: 400, no session", async () => {
    const jar = new CookieJar();
    const before = await sessionCount();
    const callback = new URL(await throughProvider(jar, await startFlow(jar)));
    callback.searchParams.set("state", "x".repeat(43));
    await expectFailed(await run(callbackRoute, callback.toString(), jar), before);
  });

  it("no state cookie at all (another browser): 400, no session", async () => {
    const jar = new CookieJar();
    const before = await sessionCount();
    const callback = await throughProvider(jar, await startFlow(jar));
    await expectFailed(await run(callbackRoute, callback, new CookieJar()), before);
  });

  it("no code: 400, no session", async () => {
    const jar = new CookieJar();
    const before = await sessionCount();
    const state = (await startFlow(jar)).searchParams.get("state")!;
    await expectFailed(await run(callbackRoute, `/api/auth/callback?state=${state}`, jar), before);
  });

  it("no state and no code: 400, and no new flow is started", async () => {
    const before = await sessionCount();
    const result = await run(callbackRoute, "/api/auth/callback?code=abc", new CookieJar());
    await expectFailed(result, before);
    expect(result.headers.get("Location")).toBeNull();
  });

  it("an error from the provider (the operator pressed Cancel): 400, no session", async () => {
    const jar = new CookieJar();
    const before = await sessionCount();
    const callback = await throughProvider(jar, await startFlow(jar), { intent: "cancel" });
    expect(new URL(callback).searchParams.get("error")).toBe("access_denied");
    await expectFailed(await run(callbackRoute, callback, jar), before);
  });

  it("an error parameter with a valid state: 400, no session", async () => {
    const jar = new CookieJar();
    const before = await sessionCount();
    const state = (await startFlow(jar)).searchParams.get("state")!;
    const result = await run(callbackRoute, `/api/auth/callback?state=${state}&error=server_error&error_description=boom`, jar);
    await expectFailed(result, before);
  });

  it("the same callback replayed after a sign-in: 400, no second session", async () => {
    const jar = new CookieJar();
    const callback = await throughProvider(jar, await startFlow(jar));
    expect((await run(callbackRoute, callback, jar)).status).toBe(302);
    const before = await sessionCount();
    await expectFailed(await run(callbackRoute, callback, jar), before);
  });

  it("a code replayed with its original state cookie: 400, no second session", async () => {
    const jar = new CookieJar();
    const callback = await throughProvider(jar, await startFlow(jar));
    const stateCookies = jar.names().filter((n) => n.startsWith("kestrel_oauth:")).map((n) => [n, jar.get(n)!] as const);
    expect((await run(callbackRoute, callback, jar)).status).toBe(302);
    const before = await sessionCount();
    for (const [name, value] of stateCookies) jar.set(name, value, "/api/auth/callback");
    await expectFailed(await run(callbackRoute, callback, jar), before);
  });
});

describe("signing out", () => {
  it("POST /api/logout deletes the session row, clears the cookie and goes home", async () => {
    const jar = new CookieJar();
    await signIn(jar);
    const cookie = sessionCookieOf(jar)!;
    const before = await sessionCount();

    const result = await run(logoutRoute, "/api/logout", jar, { method: "POST" });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/");
    expect(result.headers.getSetCookie().find((c) => c.startsWith("kestrel_session="))).toMatch(/Max-Age=0/);
    expect(await sessionCount()).toBe(before - 1);

    const old = new CookieJar();
    old.set("kestrel_session", cookie);
    const me = await currentUser(old);
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ message: "Unauthorized" });
  });

  it.each(["same-origin", "cross-site"])("a GET of /api/logout (a link or an image, %s) signs no one out: 405, Allow: POST", async (site) => {
    const jar = new CookieJar();
    await signIn(jar);
    const result = await run(logoutRoute, "/api/logout", jar, { headers: { "Sec-Fetch-Site": site } });
    expect(result.status).toBe(405);
    expect(result.headers.get("Allow")).toBe("POST");
    expect(result.headers.getSetCookie()).toEqual([]);
    expect((await currentUser(jar)).status).toBe(200);
  });
});

describe("session lifetime", () => {
  async function freshSession(email: string) {
    const user = await upsertUser(email, "Tess");
    await admitOperator(email, "Tess", isAllowedAdmin(email));
    const jar = new CookieJar();
    jar.store(new Headers({ "Set-Cookie": await startSession(user.id) }));
    return { user, jar };
  }

  it("ends a session idle for longer than SESSION_IDLE_MINUTES", async () => {
    const { user, jar } = await freshSession("idle@ops.kestrelinsight.example");
    expect((await currentUser(jar)).status).toBe(200);
    const idle = config.session.idleMinutes;
    await getDb()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (idle - 1) * 60_000) })
      .where(eq(sessions.userId, user.id));
    expect((await currentUser(jar)).status).toBe(200); // still inside the idle window, and seen again now
    await getDb()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (idle + 1) * 60_000) })
      .where(eq(sessions.userId, user.id));
    expect((await currentUser(jar)).status).toBe(401);
  });

  it("judges idleness to the second: a session used 45 seconds ago is marked as seen now", async () => {
    const { user, jar } = await freshSession("exact@ops.kestrelinsight.example");
    await getDb()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 45_000) })
      .where(eq(sessions.userId, user.id));
    expect((await currentUser(jar)).status).toBe(200);
    const [row] = await getDb().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(5_000);
  });

  it("ends a session past SESSION_MAX_HOURS however active it is", async () => {
    const { user, jar } = await freshSession("absolute@ops.kestrelinsight.example");
    const [row] = await getDb().select().from(sessions).where(eq(sessions.userId, user.id));
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime - config.session.maxHours * 3_600_000)).toBeLessThan(5_000);
    await getDb()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
      .where(eq(sessions.userId, user.id));
    expect((await currentUser(jar)).status).toBe(401);
  });

  it("reads both limits from the configuration", async () => {
    const { user, jar } = await freshSession("limits@ops.kestrelinsight.example");
    await getDb()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(sessions.userId, user.id));
    setConfig({ ...config, session: { ...config.session, idleMinutes: 5 } });
    expect((await currentUser(jar)).status).toBe(401);
    setConfig({ ...config, session: { ...config.session, idleMinutes: 15 } });
    expect((await currentUser(jar)).status).toBe(200);
  });

  it("drops a signed-in operator at once when an admin removes them, and ADMIN_EMAILS does not bring them back", async () => {
    const email = "leaver@ops.kestrelinsight.example";
    const { jar } = await freshSession(email);
    expect((await currentUser(jar)).status).toBe(200);
    const [leaver] = await getDb().select().from(operators).where(eq(operators.email, email));
    const removed = await removeOperator(leaver!.id, { userId: null, email: ADMIN });
    expect(removed.ok).toBe(true);
    expect((await currentUser(jar)).status).toBe(401);
    // Still on ADMIN_EMAILS (as a whole domain), the address signs in no more.
    const again = await signIn(new CookieJar(), { email, firstName: "Leaver" });
    expect(again.status).toBe(403);
  });

  it("narrows a signed-in operator's session at once when their role is lowered", async () => {
    const email = "demoted@ops.kestrelinsight.example";
    const { jar } = await freshSession(email);
    expect((await currentUser(jar)).body).toMatchObject({ role: "admin" });
    const [operator] = await getDb().select().from(operators).where(eq(operators.email, email));
    const updated = await updateOperator(operator!.id, { email, name: "Demoted", role: "approver" }, { userId: null, email: ADMIN });
    expect(updated.ok).toBe(true);
    expect((await currentUser(jar)).body).toMatchObject({ role: "approver" });
  });

  it("purges expired sessions at sign-in", async () => {
    const { user } = await freshSession("expired@ops.kestrelinsight.example");
    await getDb().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    await signIn(new CookieJar());
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it("in production (https) the cookie is Secure with the __Host- prefix, and so is the state cookie", async () => {
    setConfig({ ...config, secure: true });
    const user = await upsertUser(ADMIN, "Ada");
    expect(await startSession(user.id)).toMatch(/^__Host-kestrel_session=.*; Secure/);
    const result = await run(loginRoute, "/api/login", new CookieJar());
    expect(result.headers.getSetCookie().find((c) => c.startsWith("kestrel_oauth:"))).toMatch(/Secure/);
  });
});

describe("/auth, /api/auth/user and /api/login's refusals", () => {
  it("/auth sends a signed-in operator to /admin and shows the check screen to anyone else", async () => {
    const jar = new CookieJar();
    const out = await run(authCheckRoute, "/auth", jar);
    expect(out.status).toBe(200);
    expect(out.headers.get("Cache-Control")).toBe("no-store");
    await signIn(jar);
    const signedIn = await run(authCheckRoute, "/auth", jar);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/admin");
  });

  it("/api/auth/user without a session: 401 JSON, not cached", async () => {
    const result = await currentUser(new CookieJar());
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ message: "Unauthorized" });
    expect(result.headers.get("Cache-Control")).toBe("no-store");
  });

  it("limits sign-in attempts per address: 429 with Retry-After", async () => {
    setConfig({ ...config, rateLimits: { ...config.rateLimits, signIn: { max: 2, windowSeconds: 600 } } });
    const address = "198.51.100.23";
    expect((await run(loginRoute, "/api/login", undefined, { address })).status).toBe(302);
    expect((await run(loginRoute, "/api/login", undefined, { address })).status).toBe(302);
    const limited = await run(loginRoute, "/api/login", undefined, { address });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await run(loginRoute, "/api/login", undefined, { address: "198.51.100.24" })).status).toBe(302);
  });

  it("a deployed site without OIDC_*: 503 'Sign-in is not configured' at /api/login and the callback", async () => {
    setConfig({ ...config, deployed: true, localIdentityProvider: false, oidc: undefined });
    const login = await run(loginRoute, "/api/login", new CookieJar());
    expect(login.status).toBe(503);
    expect(login.body).toEqual({ problem: "not_configured" });
    const callback = await run(callbackRoute, "/api/auth/callback?state=a&code=b", new CookieJar());
    expect(callback.status).toBe(503);
  });

  it("an identity provider that cannot be reached: 503, not a 500", async () => {
    const closed = await freePort();
    setConfig({
      ...config,
      localIdentityProvider: false,
      oidc: { issuer: `http://127.0.0.1:${closed}/`, clientId: "site", clientSecret: "secret" },
    });
    const login = await run(loginRoute, "/api/login", new CookieJar());
    expect(login.status).toBe(503);
    expect(login.body).toEqual({ problem: "unavailable" });
  });
});
