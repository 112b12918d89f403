import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~db/client.server";
import { operators, sessions } from "~db/schema";
import { getSessionUser } from "~/server/auth/session.server";
import * as screen from "~/routes/admin.sessions";
import * as sessionsApi from "~/routes/api.admin.sessions";
import * as sessionApi from "~/routes/api.admin.sessions.$id";
import type { SessionJson } from "~/server/api/session-resources.server";
import { buildRequest, call, invoke, jsonOf, operatorCookie } from "../helpers/api-client";
import { body, headersOf, redirected } from "../helpers/form-answers";

/**
 * The Sessions screen and /api/admin/sessions (issue 36): each operator sees and ends their own sessions,
 * an admin anyone's; another's session is a 404 to a non-admin; ending one's current session signs out.
 */

interface ScreenSession {
  id: string;
  device: string;
  current: boolean;
  secondFactor: boolean;
  operatorEmail: string;
}
interface ScreenData {
  admin: boolean;
  sessions: ScreenSession[];
  operators: { id: number; email: string }[];
}

const unique = () => Math.random().toString(36).slice(2, 8);

/** Whether a cookie still signs someone in. */
async function signedIn(cookie: string): Promise<boolean> {
  return (await getSessionUser(buildRequest("/admin", { cookie }))) !== null;
}

async function sessionIdOf(cookie: string): Promise<string> {
  const user = await getSessionUser(buildRequest("/admin", { cookie }));
  if (!user) throw new Error("not signed in");
  return user.sessionId;
}

async function operatorIdOf(email: string): Promise<number> {
  const [row] = await getDb().select({ id: operators.id }).from(operators).where(eq(operators.email, email));
  return row!.id;
}

async function screenOf(cookie: string, search = "") {
  const answer = await invoke(screen, "/admin/sessions", { cookie, search });
  return { status: answer.status, data: body<ScreenData>(answer.result), headers: headersOf(answer.result) };
}

const endForm = (session: string) => new URLSearchParams({ intent: "end", session });
const postEnd = (cookie: string, session: string, search = "") =>
  invoke(screen, "/admin/sessions", { cookie, method: "POST", body: endForm(session), search });

let editorEmail: string;
let editorA: string;
let editorB: string;
let adminEmail: string;
let admin: string;

beforeAll(async () => {
  editorEmail = `editor-${unique()}@ops.kestrelinsight.example`;
  editorA = await operatorCookie(editorEmail, "editor");
  editorB = await operatorCookie(editorEmail, "editor");
  adminEmail = "admin@kestrelinsight.example";
  admin = await operatorCookie(adminEmail);
  // One session started on a known browser, with a second factor.
  await getDb()
    .update(sessions)
    .set({
      userAgent:
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      authMethods: "pwd otp",
    })
    .where(eq(sessions.publicId, await sessionIdOf(editorB)));
});

describe("the Sessions screen", () => {
  it("is a 404 signed out", async () => {
    expect((await invoke(screen, "/admin/sessions")).status).toBe(404);
    expect(
      (await invoke(screen, "/admin/sessions", { method: "POST", body: endForm(crypto.randomUUID()) }))
        .status,
    ).toBe(404);
  });

  it("shows an editor only their own sessions, the current one marked", async () => {
    const { status, data, headers } = await screenOf(editorA);
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(data.admin).toBe(false);
    expect(data.operators).toEqual([]);
    const ids = data.sessions.map((session) => session.id);
    expect(ids).toContain(await sessionIdOf(editorA));
    expect(ids).toContain(await sessionIdOf(editorB));
    expect(ids).not.toContain(await sessionIdOf(admin));
    expect(data.sessions.every((session) => session.operatorEmail === editorEmail)).toBe(true);
    expect(data.sessions.filter((session) => session.current).map((s) => s.id)).toEqual([
      await sessionIdOf(editorA),
    ]);
  });

  it("reads the device and the second factor", async () => {
    const bId = await sessionIdOf(editorB);
    const { data } = await screenOf(editorA);
    const b = data.sessions.find((session) => session.id === bId)!;
    expect(b.device).toBe("Chrome on Windows");
    expect(b.secondFactor).toBe(true);
    const a = data.sessions.find((session) => session.current)!;
    expect(a.device).toBe("Unknown device");
    expect(a.secondFactor).toBe(false);
  });

  it("does not show a non-admin another operator's sessions", async () => {
    const adminId = await operatorIdOf(adminEmail);
    expect((await screenOf(editorA, `?operator=${adminId}`)).status).toBe(404);
    expect((await screenOf(editorA, "?operator=all")).status).toBe(404);
    expect((await screenOf(editorA, `?operator=${await operatorIdOf(editorEmail)}`)).status).toBe(200);
  });

  it("lets an editor end another of their own sessions: a redirect with a toast, and that cookie signs in no more", async () => {
    const extra = await operatorCookie(editorEmail, "editor");
    const id = await sessionIdOf(extra);
    const answer = await postEnd(editorA, id);
    const { status, location, toast } = await redirected(answer.result);
    expect(status).toBe(302);
    expect(location).toBe("/admin/sessions");
    expect(toast?.title).toBe("Success");
    expect(await signedIn(extra)).toBe(false);
    expect(await signedIn(editorA)).toBe(true);
  });

  it("does not let an editor end an admin's session: 404, and it still works", async () => {
    const answer = await postEnd(editorA, await sessionIdOf(admin));
    expect(answer.status).toBe(404);
    expect(await signedIn(admin)).toBe(true);
    // Nor a session that does not exist, nor something that is not an id.
    expect((await postEnd(editorA, crypto.randomUUID())).status).toBe(404);
    expect((await postEnd(editorA, "1")).status).toBe(404);
  });

  it("lets an admin list an editor's sessions (?operator=) and end one", async () => {
    const extra = await operatorCookie(editorEmail, "editor");
    const id = await sessionIdOf(extra);
    const editorId = await operatorIdOf(editorEmail);
    const { status, data } = await screenOf(admin, `?operator=${editorId}`);
    expect(status).toBe(200);
    expect(data.admin).toBe(true);
    expect(data.operators.map((operator) => operator.email)).toContain(editorEmail);
    expect(data.sessions.map((session) => session.id)).toContain(id);
    expect(data.sessions.every((session) => session.operatorEmail === editorEmail && !session.current)).toBe(
      true,
    );

    const all = await screenOf(admin, "?operator=all");
    expect(all.data.sessions.map((session) => session.operatorEmail)).toEqual(
      expect.arrayContaining([editorEmail, adminEmail]),
    );

    const answer = await postEnd(admin, id, `?operator=${editorId}`);
    const { location, toast } = await redirected(answer.result);
    expect(location).toBe(`/admin/sessions?operator=${editorId}`);
    expect(toast?.title).toBe("Success");
    expect(await signedIn(extra)).toBe(false);
    expect(await signedIn(admin)).toBe(true);
  });

  it("signs out when the current session is ended", async () => {
    const own = await operatorCookie(editorEmail, "editor");
    const answer = await postEnd(own, await sessionIdOf(own));
    const response = answer.result as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await signedIn(own)).toBe(false);
  });

  it("never ends a session on a GET", async () => {
    const extra = await operatorCookie(editorEmail, "editor");
    await invoke(screen, "/admin/sessions", {
      cookie: editorA,
      search: `?session=${await sessionIdOf(extra)}`,
    });
    expect(await signedIn(extra)).toBe(true);
  });
});

describe("/api/admin/sessions", () => {
  it("is a 401 signed out", async () => {
    expect((await call(sessionsApi, "/api/admin/sessions")).status).toBe(401);
    const id = crypto.randomUUID();
    expect(
      (await call(sessionApi, `/api/admin/sessions/${id}`, { method: "DELETE", params: { id } })).status,
    ).toBe(401);
  });

  it("lists the caller's own sessions, the current one marked", async () => {
    const response = await call(sessionsApi, "/api/admin/sessions", { cookie: editorA });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const list = await jsonOf<SessionJson[]>(response);
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.every((session) => session.operatorEmail === editorEmail)).toBe(true);
    const current = list.filter((session) => session.current);
    expect(current.map((session) => session.id)).toEqual([await sessionIdOf(editorA)]);
    expect(Object.keys(current[0]!).sort()).toEqual(
      [
        "authMethods",
        "current",
        "device",
        "expiresAt",
        "id",
        "lastSeenAt",
        "operatorEmail",
        "operatorId",
        "operatorName",
        "secondFactor",
        "startedAt",
        "userAgent",
      ].sort(),
    );
    expect(list.map((session) => session.id)).not.toContain(await sessionIdOf(admin));
    // Newest last-seen first.
    const seen = list.map((session) => Date.parse(session.lastSeenAt));
    expect([...seen].sort((x, y) => y - x)).toEqual(seen);
  });

  it("gives an admin another operator's sessions, and a non-admin a 404 for them", async () => {
    const editorId = await operatorIdOf(editorEmail);
    const forAdmin = await call(sessionsApi, "/api/admin/sessions", {
      cookie: admin,
      search: `?operator=${editorId}`,
    });
    expect(forAdmin.status).toBe(200);
    const list = await jsonOf<SessionJson[]>(forAdmin);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((session) => session.operatorId === editorId && !session.current)).toBe(true);

    const adminId = await operatorIdOf(adminEmail);
    const forEditor = await call(sessionsApi, "/api/admin/sessions", {
      cookie: editorA,
      search: `?operator=${adminId}`,
    });
    expect(forEditor.status).toBe(404);
  });

  it("ends one's own session (204), not another's as a non-admin (404), anyone's as an admin", async () => {
    const extra = await operatorCookie(editorEmail, "editor");
    const id = await sessionIdOf(extra);
    const ended = await call(sessionApi, `/api/admin/sessions/${id}`, {
      method: "DELETE",
      params: { id },
      cookie: editorA,
    });
    expect(ended.status).toBe(204);
    expect(await signedIn(extra)).toBe(false);
    const again = await call(sessionApi, `/api/admin/sessions/${id}`, {
      method: "DELETE",
      params: { id },
      cookie: editorA,
    });
    expect(again.status).toBe(404);

    const adminId = await sessionIdOf(admin);
    const refused = await call(sessionApi, `/api/admin/sessions/${adminId}`, {
      method: "DELETE",
      params: { id: adminId },
      cookie: editorA,
    });
    expect(refused.status).toBe(404);
    expect(await signedIn(admin)).toBe(true);

    const other = await operatorCookie(editorEmail, "editor");
    const otherId = await sessionIdOf(other);
    const byAdmin = await call(sessionApi, `/api/admin/sessions/${otherId}`, {
      method: "DELETE",
      params: { id: otherId },
      cookie: admin,
    });
    expect(byAdmin.status).toBe(204);
    expect(await signedIn(other)).toBe(false);

    expect(
      (
        await call(sessionApi, "/api/admin/sessions/1", {
          method: "DELETE",
          params: { id: "1" },
          cookie: admin,
        })
      ).status,
    ).toBe(404);
  });

  it("answers other methods with 405", async () => {
    const id = await sessionIdOf(editorA);
    const get = await call(sessionApi, `/api/admin/sessions/${id}`, { params: { id }, cookie: editorA });
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("DELETE");
    expect((await call(sessionsApi, "/api/admin/sessions", { method: "POST", cookie: editorA })).status).toBe(
      405,
    );
  });

  it("signs the caller out when their current session is ended", async () => {
    const own = await operatorCookie(editorEmail, "editor");
    const id = await sessionIdOf(own);
    const response = await call(sessionApi, `/api/admin/sessions/${id}`, {
      method: "DELETE",
      params: { id },
      cookie: own,
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await signedIn(own)).toBe(false);
  });
});
