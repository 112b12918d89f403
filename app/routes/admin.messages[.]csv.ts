import type { LoaderFunctionArgs } from "@remix-run/node";
import { contactMessageBatches, type ContactMessage } from "~/models/contact-messages.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { personFilter } from "~/server/messages/person-filter.server";
import { csvRow } from "~/utils/csv";
import { csvDownload } from "~/server/http/csv-download.server";

const HEADER = ["Received (UTC)", "Name", "Email", "Subject", "Message", "Read (UTC)"] as const;

const rowOf = (m: ContactMessage) => csvRow([m.receivedAt, m.name, m.email, m.subject, m.message, m.readAt]);

/**
 * Every visitor message as CSV, newest first; with `?email=`, one person's (a subject access request). A
 * byte order mark tells spreadsheet programs it is UTF-8. Streamed a thousand rows at a time, as the
 * browser takes them: the server's memory stays flat however many messages there are.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const person = personFilter(new URL(request.url).searchParams);
  if (person.error) return new Response(person.error, { status: 400, headers: { "Cache-Control": "private, no-store" } });
  const batches = contactMessageBatches(person.email ?? undefined);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvRow(HEADER)}`));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map(rowOf).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return csvDownload(body, person.email === null ? "contact-messages" : "contact-messages-of-one-person");
}
