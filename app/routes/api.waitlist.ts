import { WAITLIST_SENT } from "~/utils/waitlist";
import {
  apiJson,
  apiRoute,
  readJson,
  tooManyRequests,
  validateBody,
  validationError,
} from "~/server/api/api.server";
import { messageBody } from "~/server/api/api-resources.server";
import { publicEndpoint } from "~/server/api/openapi-operations.server";
import { waitlistJoinRequest } from "~/server/api/waitlist-resources.server";
import { joinFrom } from "~/server/waitlist/join.server";

export const openapi = publicEndpoint("/api/waitlist", "Contact", {
  post: {
    summary: "Join the waitlist of one or more beta platforms (double opt-in)",
    success: {
      status: 202,
      schema: messageBody,
      description:
        "Accepted: the same answer whether the address was new, pending, confirmed or unsubscribed",
    },
    request: waitlistJoinRequest,
    description:
      "`platforms` names products whose badge is beta, by id or slug. A confirmation e-mail (valid 7 days) is sent to a new, pending or unsubscribed address, at most 3 per address in each rate-limit window (CONTACT_RATE_WINDOW_SECONDS); a confirmed address is sent nothing.",
    also: [429],
  },
});

/**
 * POST /api/waitlist: the waitlist form as JSON. 202 with the same body whatever the address's state (new,
 * pending, confirmed, unsubscribed): the confirmation e-mail, when one is due, goes through the outbox.
 */
const handle = apiRoute({
  async POST({ request, context }) {
    const input = validateBody(waitlistJoinRequest, await readJson(request));
    const answer = await joinFrom(input, context.clientAddress);
    if (answer.status === "rate_limited") throw tooManyRequests(answer.retryAfter);
    if (answer.status === "invalid") throw validationError({ [answer.field]: [answer.message] });
    return apiJson({ message: WAITLIST_SENT }, { status: 202 });
  },
});

export { handle as loader, handle as action };
