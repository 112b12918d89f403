import { createCookie } from "@remix-run/node";
import { createSession, deleteSession, findSessionUser, type SessionDetails, type SessionUser } from "~/models/sessions.server";
import { COOKIE_NAMES } from "~/utils/cookie-registry";
import { getConfig } from "~/server/config.server";

/**
 * The session cookie holds only a random token (signed, HttpOnly, SameSite=Lax; Secure with the __Host-
 * prefix on https). The session itself lives in the database.
 */
function sessionCookie() {
  const config = getConfig();
  return createCookie(config.secure ? COOKIE_NAMES.secureSession : COOKIE_NAMES.session, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.secure,
    path: "/",
    maxAge: config.session.maxHours * 3600,
    secrets: [config.sessionSecret],
  });
}

export function sessionCookieName(): string {
  return sessionCookie().name;
}

async function readToken(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** The signed-in user, or null. Memoised per request, since layouts and pages both ask. */
const memo = new WeakMap<Request, Promise<SessionUser | null>>();
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let pending = memo.get(request);
  if (!pending) {
    pending = (async () => {
      const token = await readToken(request);
      return token ? findSessionUser(token, getConfig().session) : null;
    })();
    memo.set(request, pending);
  }
  return pending;
}

/** Starts a new session (always a new token) and returns the Set-Cookie header value. */
export async function startSession(userId: number, request?: Request, details: Partial<SessionDetails> = {}): Promise<string> {
  const token = await createSession(userId, getConfig().session, {
    userAgent: request?.headers.get("User-Agent") ?? "",
    authMethods: [],
    authContext: null,
    ...details,
  });
  return sessionCookie().serialize(token);
}

/** Deletes the session on the server and returns the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
  const token = await readToken(request);
  if (token) await deleteSession(token);
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
