import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar } from "../helpers/cookie-jar";
import { startServer, type RunningServer } from "../helpers/server-process";

/**
 * The sign-in wiring of the real production server (server.ts): where the local identity provider is
 * mounted and where it never is. The flow's details are tested in process in auth.test.ts.
 */

const SECRET = "a-deployed-secret-a-deployed-secret-0123";
let local: RunningServer;
let deployed: RunningServer;
let configured: RunningServer;

beforeAll(async () => {
  local = await startServer({ SIGN_IN_RATE_LIMIT: "1000" });
  [deployed, configured] = await Promise.all([
    startServer({ PUBLIC_URL: "https://www.kestrelinsight.example", SESSION_SECRET: SECRET }),
    // A site configured with a real provider: here, the first server's local one.
    startServer({
      OIDC_ISSUER: `http://localhost:${local.port}/oidc`,
      OIDC_CLIENT_ID: "kestrel-site",
      OIDC_CLIENT_SECRET: "configured-client-secret",
    }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([local?.stop(), deployed?.stop(), configured?.stop()]);
});

describe("a local site with no OIDC_ISSUER", () => {
  it("signs in through the provider at /oidc, then logs out, over real HTTP", async () => {
    const origin = `http://localhost:${local.port}`;
    const jar = new CookieJar();
    let response = await jar.fetch(`${origin}/api/login`);
    expect(response.status).toBe(302);
    response = await jar.fetch(response.headers.get("Location")!);
    const interaction = new URL(response.headers.get("Location")!, origin);
    response = await jar.fetch(interaction);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Security-Policy")).toMatch(/form-action 'self'/);
    expect(await response.text()).not.toMatch(/<script/);
    response = await jar.fetch(interaction, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
      body: new URLSearchParams({ email: "admin@kestrelinsight.example", firstName: "Ada", intent: "sign-in" }),
    });
    while (response.status === 303 || response.status === 302) {
      const next = new URL(response.headers.get("Location")!, origin);
      if (next.pathname === "/admin") break;
      response = await jar.fetch(next);
    }
    expect(response.headers.get("Location")).toBe("/admin");

    const me = await jar.fetch(`${origin}/api/auth/user`);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: "admin@kestrelinsight.example", firstName: "Ada" });

    const logout = await jar.fetch(`${origin}/api/logout`, { method: "POST", headers: { Origin: origin } });
    expect(logout.status).toBe(302);
    expect((await jar.fetch(`${origin}/api/auth/user`)).status).toBe(401);
    expect(local.output()).toMatch(/sign-in: the local identity provider at/);
  });
});

describe("a deployed site without OIDC_*", () => {
  it("warns at start, answers /api/login with 503 'Sign-in is not configured', and has no /oidc", async () => {
    expect(deployed.output()).toMatch(/warning: Sign-in is not configured/);
    const login = await fetch(`${deployed.origin}/api/login`, { redirect: "manual" });
    expect(login.status).toBe(503);
    expect(await login.text()).toContain("Sign-in is not configured");
    expect((await fetch(`${deployed.origin}/oidc/.well-known/openid-configuration`)).status).toBe(404);
    expect(deployed.output()).not.toMatch(/local identity provider/);
  });
});

describe("a site with OIDC_ISSUER set", () => {
  it("discovers that provider, sends the browser there with its own client id, and mounts no /oidc of its own", async () => {
    const login = await fetch(`${configured.origin}/api/login`, { redirect: "manual" });
    expect(login.status).toBe(302);
    const authorize = new URL(login.headers.get("Location")!);
    expect(authorize.origin).toBe(`http://localhost:${local.port}`);
    expect(authorize.searchParams.get("client_id")).toBe("kestrel-site");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`http://localhost:${configured.port}/api/auth/callback`);
    expect(login.headers.get("Content-Security-Policy")).toContain(`form-action 'self' http://localhost:${local.port}`);
    expect((await fetch(`${configured.origin}/oidc/.well-known/openid-configuration`)).status).toBe(404);
  });
});
