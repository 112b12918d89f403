import type { Actor } from "~/models/actor";
import type { SessionUser } from "~/models/sessions.server";
import { getConfig } from "~/server/config.server";
import { getSessionUser } from "~/server/auth/session.server";

export type { SessionUser };

/** ADMIN_EMAILS entries are addresses or "@domain" entries admitting a whole domain. */
export function isAllowedAdmin(email: string, allowlist: string[] = getConfig().adminEmails): boolean {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return false;
  const domain = address.slice(at);
  return allowlist.some((entry) => (entry.startsWith("@") ? entry === domain : entry === address));
}

/** The signed-in operator, or null. A user removed from ADMIN_EMAILS loses access at once. */
export async function getAdmin(request: Request): Promise<SessionUser | null> {
  const user = await getSessionUser(request);
  return user && isAllowedAdmin(user.email) ? user : null;
}

/**
 * For admin pages and form actions: signed out, the admin routes do not exist (SPEC 2), so 404.
 */
export async function requireAdminPage(request: Request): Promise<SessionUser> {
  const user = await getAdmin(request);
  if (!user) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return user;
}

/** For /api/admin/*: signed out gets 401 JSON. */
export async function requireAdminApi(request: Request): Promise<SessionUser> {
  const user = await getAdmin(request);
  if (!user) {
    throw Response.json(
      { message: "Unauthorized" },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  }
  return user;
}

export function actorOf(user: SessionUser): Actor {
  return { userId: user.id, email: user.email };
}
