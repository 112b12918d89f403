import type { LoaderFunctionArgs } from "@remix-run/node";
import { listWaitlistEntries, waitlistPlatforms } from "~/models/waitlist.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { waitlistFilter } from "~/server/waitlist/filter.server";
import { csvRow } from "~/utils/csv";
import { csvDownload } from "~/server/http/csv-download.server";

const HEADER = [
  "Email",
  "First name",
  "Platforms",
  "Status",
  "Joined (UTC)",
  "Confirmed (UTC)",
  "Invited (UTC)",
  "Unsubscribed (UTC)",
] as const;

/**
 * The waitlist as CSV, oldest first, with the list's filters (`?q=`, `?platform=`, `?status=`; `?email=`
 * for one person's entry, a subject access request). A byte order mark tells spreadsheet programs it is
 * UTF-8; csvRow neutralises formulas.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const filter = waitlistFilter(new URL(request.url).searchParams);
  if (filter.error)
    return new Response(filter.error, { status: 400, headers: { "Cache-Control": "private, no-store" } });
  const [entries, platforms] = await Promise.all([listWaitlistEntries(filter), waitlistPlatforms()]);
  const names = new Map(platforms.map((platform) => [platform.id, platform.name]));
  const body =
    `\uFEFF${csvRow(HEADER)}` +
    entries
      .map((entry) =>
        csvRow([
          entry.email,
          entry.firstName,
          entry.platforms.map((id) => names.get(id) ?? `Product ${id}`).join("; "),
          entry.status,
          entry.createdAt,
          entry.confirmedAt,
          entry.invitedAt,
          entry.unsubscribedAt,
        ]),
      )
      .join("");
  return csvDownload(body, "waitlist");
}
