import { apiError, API_MESSAGES, privateJson } from "~/server/api/api.server";
import { operatorRoute } from "~/server/api/history-api.server";
import { okWithList, operatorEndpoint } from "~/server/api/openapi-operations.server";
import { sessionJson, sessionRecord } from "~/server/api/session-resources.server";
import { requireAdminApi } from "~/server/auth/auth.server";
import { ALL_OPERATORS, liveSessions, requestedOperator } from "~/server/auth/operator-sessions.server";

export const openapi = operatorEndpoint("/api/admin/sessions", {
  get: {
    summary: "Signed-in sessions: the caller's, or (an admin) another operator's or everyone's",
    success: okWithList(sessionRecord),
    description:
      "Live sessions only (not expired, not idle past the limit), the most recently seen first. `current` marks the session making the request.",
    query: [
      {
        name: "operator",
        pattern: `^([1-9][0-9]{0,9}|${ALL_OPERATORS})$`,
        description:
          "An admin's choice: an operator's id, or `all`. Anyone else may name only themselves; another operator is a 404.",
      },
    ],
    also: [404],
    errorNotes: { 404: "Another operator named by a non-admin, or a malformed `operator`" },
  },
});

/**
 * GET /api/admin/sessions: the caller's signed-in sessions, the most recently seen first; an admin may ask
 * for another operator's (`?operator={id}`) or everyone's (`?operator=all`). Another operator's asked for
 * by anyone else is a 404, as if there were no such operator.
 */
const handle = operatorRoute({
  async GET({ request }) {
    const user = await requireAdminApi(request);
    const operatorId = requestedOperator(user, new URL(request.url).searchParams.get("operator"));
    if (operatorId === undefined) throw apiError(404, API_MESSAGES.notFound);
    const sessions = await liveSessions(operatorId);
    return privateJson(sessions.map((session) => sessionJson(session, user.sessionId)));
  },
});

export { handle as loader, handle as action };
