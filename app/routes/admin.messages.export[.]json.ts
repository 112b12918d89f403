import type { LoaderFunctionArgs } from "@remix-run/node";
import { listContactMessagesPage } from "~/models/contact-messages.server";
import { findWaitlistEntry, waitlistPlatforms } from "~/models/waitlist.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { messageFields } from "~/server/messages/message-fields.server";
import { personFilter } from "~/server/messages/person-filter.server";

/** A subject access request's export is one person's messages; this many is more than anyone sends. */
const MOST = 10_000;

/**
 * GET /admin/messages/export.json?email=: everything kept about one person's messages, to hand to them:
 * what they sent, when, when it was read, and who was told of it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const person = personFilter(new URL(request.url).searchParams);
  const headers = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };
  if (person.email === null) {
    return Response.json(
      { message: person.error ?? "Give the person's address: ?email=" },
      { status: 400, headers },
    );
  }
  const [{ items }, entry, platforms] = await Promise.all([
    listContactMessagesPage(1, { email: person.email, size: MOST }),
    findWaitlistEntry(person.email),
    waitlistPlatforms(),
  ]);
  const exportedAt = new Date();
  const body = {
    email: person.email,
    exportedAt: exportedAt.toISOString(),
    messages: items.map((message) => ({
      ...messageFields(message),
      readAt: message.readAt?.toISOString() ?? null,
      notifications: message.notifications.map((notification) => ({
        recipient: notification.recipient,
        status: notification.status,
        sentAt: notification.sentAt?.toISOString() ?? null,
      })),
    })),
    // Their waitlist entry (issue 40), without the hashes of its links' tokens; absent when they have none.
    ...(entry
      ? {
          waitlist: {
            email: entry.email,
            firstName: entry.firstName,
            platforms: entry.platforms.map(
              (id) => platforms.find((platform) => platform.id === id)?.name ?? `Product ${id}`,
            ),
            status: entry.status,
            joinedAt: entry.createdAt.toISOString(),
            confirmedAt: entry.confirmedAt?.toISOString() ?? null,
            invitedAt: entry.invitedAt?.toISOString() ?? null,
            unsubscribedAt: entry.unsubscribedAt?.toISOString() ?? null,
          },
        }
      : {}),
  };
  return new Response(`${JSON.stringify(body, null, 2)}\n`, {
    headers: {
      ...headers,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="contact-messages-of-one-person-${exportedAt.toISOString().slice(0, 10)}.json"`,
    },
  });
}
