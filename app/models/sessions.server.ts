import crypto from "node:crypto";
import { and, asc, desc, eq, gt, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { operators, sessions, users } from "~db/schema";
import type { OperatorRole } from "~/schemas/operator";

/** Whom a session signs in: a user, and the operator their address is (null when it is none, or removed). */
export interface SessionUser {
  id: number;
  email: string;
  firstName: string | null;
  /** The session's public id (what the sessions screen and the API name it by). */
  sessionId: string;
  operator: { id: number; name: string; role: OperatorRole } | null;
}

/** What is kept of how a session began: the browser, and the identity provider's word on the second factor. */
export interface SessionDetails {
  userAgent: string;
  /** The ID token's `amr` (RFC 8176), as sent. */
  authMethods: readonly string[];
  /** The ID token's `acr`, when sent. */
  authContext: string | null;
}

const NO_DETAILS: SessionDetails = { userAgent: "", authMethods: [], authContext: null };

export interface SessionLimits {
  idleMinutes: number;
  maxHours: number;
}

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

function idleCutoff(limits: SessionLimits): Date {
  return new Date(Date.now() - limits.idleMinutes * 60_000);
}

/** A live session: not past its absolute expiry and not idle for longer than allowed. */
function isLive(limits: SessionLimits): SQL {
  return and(gt(sessions.expiresAt, sql`now()`), gt(sessions.lastSeenAt, idleCutoff(limits)))!;
}

/** The operator a session's user is by address, unless removed. */
const userOperator = and(eq(operators.email, users.email), isNull(operators.removedAt));

/** Creates or updates the user who just signed in. */
export async function upsertUser(
  email: string,
  firstName: string | null,
): Promise<{ id: number; email: string; firstName: string | null }> {
  const [row] = await getDb()
    .insert(users)
    .values({ email: email.toLowerCase(), firstName, lastSignInAt: new Date() })
    .onConflictDoUpdate({ target: users.email, set: { firstName, lastSignInAt: new Date() } })
    .returning({ id: users.id, email: users.email, firstName: users.firstName });
  return row!;
}

/** A new session with a fresh 256-bit token; only the token's hash is stored. Returns the token. */
export async function createSession(
  userId: number,
  limits: SessionLimits,
  details: SessionDetails = NO_DETAILS,
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await getDb()
    .insert(sessions)
    .values({
      idHash: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + limits.maxHours * 3_600_000),
      userAgent: details.userAgent.slice(0, 500),
      authMethods: details.authMethods.join(" ").slice(0, 200),
      authContext: (details.authContext ?? "").slice(0, 200),
    });
  return token;
}

/**
 * The user of a live session: not past its absolute expiry and not idle for longer than allowed. Marks it
 * as seen, at most once a second: a page's several requests cost one write, and idleness is judged to the
 * second (a coarser mark would end an active operator's session early by up to its interval).
 */
export async function findSessionUser(token: string, limits: SessionLimits): Promise<SessionUser | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const idHash = hashToken(token);
  const [row] = await getDb()
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      sessionId: sessions.publicId,
      lastSeenAt: sessions.lastSeenAt,
      operatorId: operators.id,
      operatorName: operators.name,
      role: operators.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(operators, userOperator)
    .where(and(eq(sessions.idHash, idHash), isLive(limits)));
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() >= 1_000) {
    await getDb().update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.idHash, idHash));
  }
  const operator =
    row.operatorId === null || row.role === null
      ? null
      : { id: row.operatorId, name: row.operatorName ?? "", role: row.role };
  return { id: row.id, email: row.email, firstName: row.firstName, sessionId: row.sessionId, operator };
}

export async function deleteSession(token: string): Promise<void> {
  await getDb().delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

/** Removes expired and idle sessions; run now and then. */
export async function purgeExpiredSessions(limits: SessionLimits): Promise<number> {
  const rows = await getDb()
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, idleCutoff(limits))))
    .returning({ id: sessions.idHash });
  return rows.length;
}

/** A live session as the sessions screen and the API list it (never its token's hash). */
export interface LiveSession {
  publicId: string;
  userAgent: string;
  authMethods: readonly string[];
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  operatorId: number;
  operatorName: string;
  operatorEmail: string;
}

/** A session's public id as written in a URL (a UUID). */
export const SESSION_ID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";
const UUID = new RegExp(SESSION_ID_PATTERN);

/** Whether a value can be a session's public id (anything else names no session, and is never queried). */
export function isSessionId(value: string | undefined): value is string {
  return value !== undefined && UUID.test(value);
}

/**
 * The live sessions (not past their expiry, not idle past the limit: as findSessionUser judges them) of
 * one operator, or of every operator when `operatorId` is null; the most recently seen first.
 */
export async function listOperatorSessions(operatorId: number | null, limits: SessionLimits): Promise<LiveSession[]> {
  const rows = await getDb()
    .select({
      publicId: sessions.publicId,
      userAgent: sessions.userAgent,
      authMethods: sessions.authMethods,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      operatorId: operators.id,
      operatorName: operators.name,
      operatorEmail: operators.email,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(operators, userOperator)
    .where(and(isLive(limits), operatorId === null ? undefined : eq(operators.id, operatorId)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt), asc(sessions.publicId));
  return rows.map((row) => ({ ...row, authMethods: row.authMethods.split(" ").filter(Boolean) }));
}

/**
 * Ends a session by its public id. Returns whose it was (the operator's id, null when its user is no
 * operator) or null when there is no such session. With `ownerId`, only that operator's session is ended:
 * another's is left alone and answered as not there (so its id is not confirmed).
 */
export async function endSessionById(
  publicId: string,
  ownerId: number | null = null,
): Promise<{ operatorId: number | null } | null> {
  if (!isSessionId(publicId)) return null;
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ idHash: sessions.idHash, operatorId: operators.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(operators, userOperator)
      .where(eq(sessions.publicId, publicId))
      .for("update", { of: sessions });
    if (!row) return null;
    if (ownerId !== null && row.operatorId !== ownerId) return null;
    await tx.delete(sessions).where(eq(sessions.idHash, row.idHash));
    return { operatorId: row.operatorId };
  });
}
