import {
  endSessionById,
  isSessionId,
  listOperatorSessions,
  type LiveSession,
} from "~/models/sessions.server";
import type { OperatorUser } from "~/server/auth/auth.server";
import { getConfig } from "~/server/config.server";
import { ALL_OPERATORS } from "~/utils/operator-sessions";
import { parseRecordId } from "~/utils/record-id";

/**
 * Whose sessions an operator may see and end (issue 36). The access table lets every role use the
 * sessions screen and API; this narrows it: an operator sees and ends only their own, an admin anyone's.
 * Another operator's session is "not found" to a non-admin, never "forbidden", so its id is not confirmed.
 */

export { ALL_OPERATORS };

export function isAdmin(user: OperatorUser): boolean {
  return user.operator.role === "admin";
}

/**
 * The operator whose sessions are asked for: the caller's own without `?operator=`; with it, an admin's
 * choice (a number, or "all": null), and for anyone else only their own id. Undefined: nothing to show
 * (a malformed value, or another operator's id asked for by a non-admin).
 */
export function requestedOperator(user: OperatorUser, value: string | null): number | null | undefined {
  if (value === null || value === "") return user.operator.id;
  if (value === ALL_OPERATORS) return isAdmin(user) ? null : undefined;
  const id = parseRecordId(value);
  if (id === null) return undefined;
  return id === user.operator.id || isAdmin(user) ? id : undefined;
}

export function liveSessions(operatorId: number | null): Promise<LiveSession[]> {
  return listOperatorSessions(operatorId, getConfig().session);
}

export type EndOutcome = "ended" | "ended_current" | "not_found";

/** Ends a session the operator may end: their own, or anyone's for an admin. */
export async function endOperatorSession(
  user: OperatorUser,
  publicId: string | undefined,
): Promise<EndOutcome> {
  if (!isSessionId(publicId)) return "not_found";
  const ended = await endSessionById(publicId, isAdmin(user) ? null : user.operator.id);
  if (!ended) return "not_found";
  return publicId.toLowerCase() === user.sessionId.toLowerCase() ? "ended_current" : "ended";
}
