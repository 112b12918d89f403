import type { LoaderFunctionArgs } from "@remix-run/node";
import { consentRecordsFor, isConsentId } from "~/models/consent-records.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";
import { toCsv } from "~/utils/csv";

/** /admin/consent/records.csv?consentId=: one consent id's records as CSV (what a visitor or the ICO asks for). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const consentId = new URL(request.url).searchParams.get("consentId")?.trim().toLowerCase() ?? "";
  if (!isConsentId(consentId)) {
    return new Response("Enter a consent id (a UUID).", { status: 400, headers: { "Cache-Control": PRIVATE_NO_STORE } });
  }
  const records = await consentRecordsFor(consentId);
  const csv = toCsv(
    ["Recorded (UTC)", "Consent id", "Action", "Analytics", "How", "Consent version", "Banner wording version"],
    records.map((r) => [r.recordedAt, r.consentId, r.action, r.choices.analytics ? "yes" : "no", r.how, String(r.version), String(r.wordingVersion)]),
  );
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="consent-${consentId}.csv"`,
      "Cache-Control": PRIVATE_NO_STORE,
    },
  });
}
