import crypto from "node:crypto";
import { count, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~db/client.server";
import { sessions } from "~db/schema";
import * as callbackRoute from "~/routes/api.auth.callback";
import * as loginRoute from "~/routes/api.login";
import { setConfig, type Config } from "~/server/config.server";
import { SECOND_FACTOR_TEXT } from "~/utils/second-factor";
import { CookieJar } from "../helpers/cookie-jar";
import { settle, testContext, type RouteResult } from "../helpers/route-result";
import { useLocalIdentityProvider } from "../helpers/local-identity-provider";

/**
 * REQUIRE_MFA end to end: real sign-ins through the local identity provider, whose form says whether a
 * second factor was used; the ID token's `amr` decides, and the session keeps what it said.
 */

const loaderData = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("@remix-run/react", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@remix-run/react")>()),
  useLoaderData: () => loaderData.current,
}));

const ADMIN = "admin@kestrelinsight.example";
const provider = useLocalIdentityProvider();
let origin = "";
let config: Config;
beforeAll(() => {
  ({ origin, config } = provider);
});

async function run(route: { loader?: unknown }, url: string, jar: CookieJar): Promise<RouteResult> {
  const absolute = new URL(url, origin);
  const headers = new Headers();
  const cookie = jar.header(absolute);
  if (cookie) headers.set("Cookie", cookie);
  const result = await settle(() =>
    (route.loader as (args: unknown) => unknown)({
      request: new Request(absolute, { headers }),
      params: {},
      context: testContext,
    }),
  );
  jar.store(result.headers);
  return result;
}

/** As a browser would: /api/login, the provider's form (the box ticked or not), back to the callback. */
async function signIn(jar: CookieJar, secondFactor: boolean): Promise<RouteResult> {
  const start = await run(loginRoute, "/api/login", jar);
  expect(start.status).toBe(302);
  let response = await jar.fetch(new URL(start.headers.get("Location")!));
  expect(response.status).toBe(303);
  const interaction = new URL(response.headers.get("Location")!, origin);
  response = await jar.fetch(interaction);
  expect(response.status).toBe(200);
  const form = await response.text();
  expect(form).toContain('<input id="secondFactor" name="secondFactor" type="checkbox" value="yes">');
  expect(form).toContain(`<label for="secondFactor">${SECOND_FACTOR_TEXT.localCheckbox}</label>`);
  const fields = new URLSearchParams({ email: ADMIN, firstName: "Ada", intent: "sign-in" });
  if (secondFactor) fields.set("secondFactor", "yes");
  response = await jar.fetch(interaction, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: fields,
  });
  expect(response.status).toBe(303);
  response = await jar.fetch(new URL(response.headers.get("Location")!, origin));
  expect(response.status).toBe(303);
  const callback = response.headers.get("Location")!;
  expect(callback.startsWith(`${origin}/api/auth/callback?`)).toBe(true);
  return run(callbackRoute, callback, jar);
}

async function sessionCount(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(sessions);
  return row!.n;
}

/** The sessions row of the jar's session cookie (only the token's hash is stored). */
async function sessionRowOf(jar: CookieJar) {
  const cookie = decodeURIComponent(jar.get("kestrel_session")!);
  const token = JSON.parse(Buffer.from(cookie.split(".")[0]!, "base64").toString("utf8")) as string;
  const hash = crypto.createHash("sha256").update(token).digest("hex");
  const [row] = await getDb().select().from(sessions).where(eq(sessions.idHash, hash));
  return row;
}

function renderProblem(body: unknown): string {
  loaderData.current = body;
  return renderToString(createElement(callbackRoute.default));
}

describe("a second factor at sign-in (REQUIRE_MFA)", () => {
  it("is off on a local site by default, and then a sign-in without one gets in, its amr kept", async () => {
    expect(config.requireMfa).toBe(false);
    const jar = new CookieJar();
    const result = await signIn(jar, false);
    expect(result.status).toBe(302);
    const row = await sessionRowOf(jar);
    expect(row!.authMethods).toBe("pwd");
    expect(row!.authContext).toBe("");
  });

  it("admits a sign-in with the box ticked: a session whose row records the provider's amr", async () => {
    setConfig({ ...config, requireMfa: true });
    const jar = new CookieJar();
    const before = await sessionCount();
    const result = await signIn(jar, true);
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin");
    expect(result.headers.getSetCookie().some((c) => c.startsWith("kestrel_session="))).toBe(true);
    expect(await sessionCount()).toBe(before + 1);
    const row = await sessionRowOf(jar);
    expect(row!.authMethods.split(" ")).toContain("otp");
    expect(row!.authMethods).toBe("pwd otp");
  });

  it("refuses a sign-in without one with 403, a page that says why and what to do, and no session", async () => {
    setConfig({ ...config, requireMfa: true });
    const jar = new CookieJar();
    const before = await sessionCount();
    const result = await signIn(jar, false);
    expect(result.status).toBe(403);
    expect(result.body).toEqual({ problem: "refused", reason: "no_second_factor", email: ADMIN });
    expect(result.headers.getSetCookie().some((c) => c.startsWith("kestrel_session="))).toBe(false);
    expect(jar.get("kestrel_session")).toBeUndefined();
    expect(await sessionCount()).toBe(before);

    const html = renderProblem(result.body);
    expect(html).toContain(SECOND_FACTOR_TEXT.title);
    expect(html).toContain(SECOND_FACTOR_TEXT.required);
    expect(html).toContain(SECOND_FACTOR_TEXT.notUsed);
    expect(html).toContain(SECOND_FACTOR_TEXT.whatToDo);
    expect(html).toContain(`href="/api/login"`);
    const meta = callbackRoute.meta({ data: result.body } as Parameters<typeof callbackRoute.meta>[0]);
    expect(meta).toContainEqual({ title: `${SECOND_FACTOR_TEXT.title} | Kestrel Insight` });
  });

  it("still refuses a sign-in without the box when OIDC_REQUIRED_ACR is set: the local provider sends no acr", async () => {
    setConfig({ ...config, requireMfa: true, oidcRequiredAcr: "urn:example:mfa" });
    const result = await signIn(new CookieJar(), false);
    expect(result.status).toBe(403);
    expect(result.body).toMatchObject({ reason: "no_second_factor" });
  });
});
