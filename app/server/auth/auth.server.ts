import type { Actor } from "~/models/actor";
import type { SessionUser } from "~/models/sessions.server";
import { getConfig } from "~/server/config.server";
import { getSessionUser } from "~/server/auth/session.server";
import { mayUse, neededRoles } from "~/server/auth/access.server";

export type { SessionUser };

/** A signed-in operator: a session whose address is an operator's (not removed). */
export type OperatorUser = SessionUser & { operator: NonNullable<SessionUser["operator"]> };

/** ADMIN_EMAILS entries are addresses or "@domain" entries admitting a whole domain. */
export function isAllowedAdmin(email: string, allowlist: string[] = getConfig().adminEmails): boolean {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return false;
  const domain = address.slice(at);
  return allowlist.some((entry) => (entry.startsWith("@") ? entry === domain : entry === address));
}

/**
 * The signed-in operator, or null. Read from the database on every request, so an operator removed or
 * given another role has it at once, on every instance.
 */
export async function getAdmin(request: Request): Promise<OperatorUser | null> {
  const user = await getSessionUser(request);
  return user?.operator ? (user as OperatorUser) : null;
}

/** The 403 of a page or form post the operator's role may not use: the admin layout says what is needed. */
export interface ForbiddenData {
  forbidden: true;
  needs: string;
}

function forbidden(request: Request): ForbiddenData {
  const { pathname } = new URL(request.url);
  return { forbidden: true, needs: neededRoles(pathname, request.method) };
}

/** Signed out, the admin routes do not exist (SPEC 2): 404. No role check: the admin layout's own loader. */
export async function requireOperatorPage(request: Request): Promise<OperatorUser> {
  const user = await getAdmin(request);
  if (!user) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return user;
}

/** For admin pages and form actions: 404 signed out, 403 for a role the address is not for. */
export async function requireAdminPage(request: Request): Promise<OperatorUser> {
  const user = await requireOperatorPage(request);
  if (!mayUse(user.operator.role, new URL(request.url).pathname, request.method)) {
    throw Response.json(forbidden(request), {
      status: 403,
      headers: { "Cache-Control": "private, no-store" },
    });
  }
  return user;
}

/** Any signed-in operator, whatever their role (GET /api/auth/user); signed out, 401 JSON. */
export async function requireOperatorApi(request: Request): Promise<OperatorUser> {
  const user = await getAdmin(request);
  if (!user) {
    throw Response.json(
      { message: "Unauthorized" },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  }
  return user;
}

/** For /api/admin/*: signed out gets 401 JSON, a role that may not 403 JSON. */
export async function requireAdminApi(request: Request): Promise<OperatorUser> {
  const user = await requireOperatorApi(request);
  if (!mayUse(user.operator.role, new URL(request.url).pathname, request.method)) {
    throw Response.json(
      { message: `Forbidden: this needs ${forbidden(request).needs}` },
      { status: 403, headers: { "Cache-Control": "private, no-store" } },
    );
  }
  return user;
}

export function actorOf(user: SessionUser): Actor {
  return { userId: user.id, email: user.email };
}
