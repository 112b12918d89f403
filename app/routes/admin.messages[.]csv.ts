import type { LoaderFunctionArgs } from "@remix-run/node";
import { listContactMessages } from "~/models/contact-messages.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { personFilter } from "~/server/messages/person-filter.server";
import { toCsv } from "~/utils/csv";

const HEADER = ["Received (UTC)", "Name", "Email", "Subject", "Message", "Read (UTC)"] as const;

/**
 * Every visitor message as CSV, newest first; with `?email=`, one person's (a subject access request). A
 * byte order mark tells spreadsheet programs it is UTF-8.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const person = personFilter(new URL(request.url).searchParams);
  if (person.error) return new Response(person.error, { status: 400, headers: { "Cache-Control": "private, no-store" } });
  const messages = await listContactMessages(person.email ?? undefined);
  const csv = toCsv(
    HEADER,
    messages.map((m) => [m.receivedAt, m.name, m.email, m.subject, m.message, m.readAt]),
  );
  const day = new Date().toISOString().slice(0, 10);
  const name = person.email === null ? `contact-messages-${day}` : `contact-messages-of-one-person-${day}`;
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
