import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPage } from "~/server/auth/auth.server";
import { exportFileName, registerCsv } from "~/server/promotions/register-screens.server";

/**
 * The register of financial promotions as CSV, newest decision first: every field but the pages' HTML
 * (their paths and the SHA-256 of the snapshot are kept; the JSON export has the HTML). A byte order mark
 * tells spreadsheet programs it is UTF-8.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return new Response(`\uFEFF${await registerCsv()}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName("csv")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
