import type { OperatorRole } from "~/schemas/operator";
import { ROLE_LABELS } from "~/schemas/operator";

/**
 * Which roles may use an admin address (issue 36): one table for every admin page, form action and
 * /api/admin call, consulted by requireAdminPage and requireAdminApi with the request's path and method,
 * so a route cannot forget its rule. Reading is GET and HEAD; anything else writes. A screen that exists
 * to write (a form to add, edit, delete, restore, import or erase) needs the write rule to be seen at all.
 */

type Who = "any" | "writer" | "approver" | "admin";

const ROLES_OF: Record<Who, readonly OperatorRole[]> = {
  any: ["admin", "editor", "approver"],
  writer: ["admin", "editor"],
  approver: ["admin", "approver"],
  admin: ["admin"],
};

interface Rule {
  pattern: RegExp;
  read: Who;
  write: Who;
}

/** The first that matches decides; the last matches every admin path (content: everyone reads, writers write). */
const RULES: readonly Rule[] = [
  // Who may sign in, and how: admins only.
  { pattern: /^\/(api\/)?admin\/operators(\/|$)/, read: "admin", write: "admin" },
  // Every operator sees and ends their own sessions; the handlers narrow it to their own unless an admin.
  { pattern: /^\/(api\/)?admin\/sessions(\/|$)/, read: "any", write: "any" },
  { pattern: /^\/admin\/logout$/, read: "any", write: "any" },
  // Financial promotions (issue 42): approvers and admins decide and withdraw; the setting is an admin's.
  // A pending change's preview as the public page: for those who decide it (decision 0027).
  { pattern: /^\/admin\/approvals\/[^/]+\/preview$/, read: "approver", write: "approver" },
  { pattern: /^\/(api\/)?admin\/approvals(\/|$)/, read: "any", write: "approver" },
  { pattern: /^\/admin\/promotions\/setting$/, read: "admin", write: "admin" },
  { pattern: /^\/api\/admin\/settings\/approval$/, read: "any", write: "admin" },
  { pattern: /^\/(api\/)?admin\/promotions(\/|$|\.)/, read: "any", write: "approver" },
  // Mail routing and retention are settings an editor does not change.
  { pattern: /^\/admin\/notifications(\/|$)/, read: "admin", write: "admin" },
  { pattern: /^\/api\/admin\/notification-settings(\/|$)/, read: "admin", write: "admin" },
  { pattern: /^\/admin\/messages\/retention$/, read: "any", write: "admin" },
  // The firm's regulatory status and what every page discloses from it (issue 37): admins only.
  { pattern: /^\/(api\/)?admin\/regulatory(-status)?(\/|$)/, read: "admin", write: "admin" },
  // The warnings' editor is an admin's screen; their history and the API's GET, any operator's.
  { pattern: /^\/admin\/risk-warnings$/, read: "admin", write: "admin" },
  { pattern: /^\/(api\/)?admin\/risk-warnings(\/|$)/, read: "any", write: "admin" },
  // Consent (issue 39): the cookie register and the consent records are an admin's.
  { pattern: /^\/(api\/)?admin\/(cookies|cookie-register|consent)(\/|$|\.)/, read: "admin", write: "admin" },
  // The waitlist (issue 40): visitors' addresses, for editors and admins.
  { pattern: /^\/(api\/)?admin\/waitlist(\/|$|\.)/, read: "writer", write: "writer" },
  { pattern: /^\/(api\/)?admin(\/|$)/, read: "any", write: "writer" },
];

/** Pages whose whole purpose is a write: seen only by those who may make it. */
const WRITE_SCREEN = /\/(new|edit|delete|restore|import|erase|publish|discard)$/;

const READS = new Set(["GET", "HEAD"]);

function ruleFor(pathname: string): Rule | null {
  return RULES.find((rule) => rule.pattern.test(pathname)) ?? null;
}

/** The roles that may make this request (none for a path outside the admin). */
export function rolesFor(pathname: string, method: string): readonly OperatorRole[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const rule = ruleFor(path);
  if (!rule) return [];
  const writes = !READS.has(method.toUpperCase()) || WRITE_SCREEN.test(path);
  return ROLES_OF[writes ? rule.write : rule.read];
}

export function mayUse(role: OperatorRole, pathname: string, method = "GET"): boolean {
  return rolesFor(pathname, method).includes(role);
}

/** "the Admin role", "the Admin or Editor role": what the 403 says is needed. */
export function neededRoles(pathname: string, method: string): string {
  const labels = rolesFor(pathname, method).map((role) => ROLE_LABELS[role]);
  return labels.length ? `the ${labels.join(" or ")} role` : "a role this site does not have";
}
