import { saveContactMessage } from "~/models/contact-messages.server";
import { HONEYPOT_FIELD } from "~/schemas/contact";
import {
  apiJson,
  apiRoute,
  enforceRateLimit,
  isJsonObject,
  readJson,
  validateBody,
} from "~/server/api/api.server";
import { contactRequest, messageBody } from "~/server/api/api-resources.server";
import { publicEndpoint } from "~/server/api/openapi-operations.server";

const SEND = "Send a contact message (stored before the answer)";

export const openapi = publicEndpoint("/api/contact", "Contact", {
  post: {
    summary: SEND,
    success: { status: 201, schema: messageBody },
    request: contactRequest,
    also: [429],
  },
});

const CONTACT_SENT = { message: "Message sent" } as const;

/**
 * POST /api/contact: the contact form's rules as JSON. A filled honeypot gets the same 201 as a real
 * message, and nothing is stored. The answer does not carry the stored row's id: a visitor has no use
 * for it, and it would reveal how many messages the company receives.
 */
const handle = apiRoute({
  async POST({ request, context }) {
    const body = await readJson(request);
    // In the contact form's order: the honeypot, then the rate limit, then the fields.
    if (isJsonObject(body) && Object.hasOwn(body, HONEYPOT_FIELD)) {
      const trap = body[HONEYPOT_FIELD];
      if (trap !== "" && trap !== null) return apiJson(CONTACT_SENT, { status: 201 });
      delete body[HONEYPOT_FIELD];
    }
    await enforceRateLimit("contact", context.clientAddress);
    await saveContactMessage(validateBody(contactRequest, body));
    return apiJson(CONTACT_SENT, { status: 201 });
  },
});

export { handle as loader, handle as action };
