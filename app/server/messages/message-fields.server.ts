import type { ContactMessage } from "~/models/contact-messages.server";

/** What a visitor sent, as a message's screen and a person's export both hand it out. */
export function messageFields(message: ContactMessage) {
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    subject: message.subject,
    message: message.message,
    receivedAt: message.receivedAt.toISOString(),
  };
}
