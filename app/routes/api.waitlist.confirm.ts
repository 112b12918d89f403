import { confirmWaitlist } from "~/models/waitlist.server";
import { messageBody } from "~/server/api/api-resources.server";
import { okWith, publicEndpoint } from "~/server/api/openapi-operations.server";
import { waitlistTokenRoute } from "~/server/api/waitlist-token-api.server";
import { waitlistTokenRequest } from "~/server/api/waitlist-resources.server";
import { CONFIRMED_TEXT, LINK_DEAD_TEXT } from "~/utils/waitlist";

export const openapi = publicEndpoint("/api/waitlist/confirm", "Contact", {
  post: {
    summary: "Confirm a waitlist entry with its e-mail's token",
    success: okWith(messageBody),
    request: waitlistTokenRequest,
    also: [404],
    errorNotes: { 404: "The token is unknown, already used or past its 7 days" },
  },
});

/** POST /api/waitlist/confirm: the confirmation e-mail's token; works once, within 7 days. */
const handle = waitlistTokenRoute(confirmWaitlist, { done: CONFIRMED_TEXT, unknown: LINK_DEAD_TEXT });

export { handle as loader, handle as action };
