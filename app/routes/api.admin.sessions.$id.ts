import { apiError, API_MESSAGES, noContent, requireOperatorWrite } from "~/server/api/api.server";
import { operatorRoute } from "~/server/api/history-api.server";
import { NO_CONTENT, operatorEndpoint } from "~/server/api/openapi-operations.server";
import type { OperatorUser } from "~/server/auth/auth.server";
import { endOperatorSession } from "~/server/auth/operator-sessions.server";
import { SESSION_ID_PATTERN } from "~/models/sessions.server";
import { endSession } from "~/server/auth/session.server";

export const openapi = operatorEndpoint("/api/admin/sessions/{id}", {
  delete: {
    summary: "End a signed-in session",
    success: NO_CONTENT,
    description:
      "The browser using it is signed out at its next request. Ending the caller's own current session signs the caller out (the answer clears the session cookie).",
    pathParameters: { id: { pattern: SESSION_ID_PATTERN, format: "uuid" } },
    errorNotes: { 404: "No such live session, or another operator's asked for by a non-admin" },
  },
});

/**
 * DELETE /api/admin/sessions/{id}: ends a session (signs that browser out). One's own, or anyone's for an
 * admin; another operator's session is a 404 to anyone else. Ending the session making the request signs
 * the caller out too: the answer clears the cookie.
 */
const handle = operatorRoute({
  async DELETE(args) {
    const user = (await requireOperatorWrite(args)) as OperatorUser;
    const outcome = await endOperatorSession(user, args.params.id);
    if (outcome === "not_found") throw apiError(404, API_MESSAGES.notFound);
    const response = noContent();
    if (outcome === "ended_current") response.headers.append("Set-Cookie", await endSession(args.request));
    return response;
  },
});

export { handle as loader, handle as action };
