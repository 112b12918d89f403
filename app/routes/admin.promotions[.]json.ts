import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPage } from "~/server/auth/auth.server";
import { exportFileName, registerJson } from "~/server/promotions/register-screens.server";

/** The register of financial promotions as JSON, every field, with the pages' HTML and its SHA-256. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const exportedAt = new Date();
  const body = { exportedAt: exportedAt.toISOString(), records: await registerJson() };
  return new Response(`${JSON.stringify(body, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName("json", exportedAt)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
