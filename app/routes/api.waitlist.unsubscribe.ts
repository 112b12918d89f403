import { unsubscribeWaitlist } from "~/models/waitlist.server";
import { messageBody } from "~/server/api/api-resources.server";
import { okWith, publicEndpoint } from "~/server/api/openapi-operations.server";
import { waitlistTokenRoute } from "~/server/api/waitlist-token-api.server";
import { waitlistTokenRequest } from "~/server/api/waitlist-resources.server";
import { UNKNOWN_LINK_TEXT, UNSUBSCRIBED_TEXT } from "~/utils/waitlist";

export const openapi = publicEndpoint("/api/waitlist/unsubscribe", "Contact", {
  post: {
    summary: "Unsubscribe from the waitlist with an e-mail's unsubscribe token",
    success: okWith(messageBody),
    request: waitlistTokenRequest,
    description: "Immediate and kept: a later join must be confirmed again. Unsubscribing twice is fine.",
    also: [404],
    errorNotes: { 404: "The token is unknown" },
  },
});

/** POST /api/waitlist/unsubscribe: any e-mail's unsubscribe token; at once, and kept. */
const handle = waitlistTokenRoute(unsubscribeWaitlist, {
  done: UNSUBSCRIBED_TEXT,
  unknown: UNKNOWN_LINK_TEXT,
});

export { handle as loader, handle as action };
