import type { LoaderFunctionArgs } from "@remix-run/node";
import { allRedirects } from "~/models/redirects.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { REDIRECT_CSV_HEADER } from "~/server/forms/redirect-import.server";
import { toCsv } from "~/utils/csv";

/**
 * Every redirect rule as CSV, by From, in the columns the import reads (`from,to,statusCode,note`), so the
 * file can be edited and imported again. A byte order mark tells spreadsheet programs it is UTF-8.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const rules = await allRedirects();
  const csv = toCsv(
    REDIRECT_CSV_HEADER,
    rules.map((rule) => [rule.from, rule.to, rule.statusCode, rule.note]),
  );
  const day = new Date().toISOString().slice(0, 10);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="redirects-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
