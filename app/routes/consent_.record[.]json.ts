import type { LoaderFunctionArgs } from "@remix-run/node";
import { consentRecordsFor } from "~/models/consent-records.server";
import { readConsentRecordCookie } from "~/server/forms/consent.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";

/**
 * "Download my consent record": every record of the consent id this browser's cookie holds, as a JSON
 * attachment. Nothing else identifies the visitor, so the cookie is the only key; without one, 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const consentId = readConsentRecordCookie(request)?.consentId;
  const records = consentId ? await consentRecordsFor(consentId) : [];
  if (!consentId || records.length === 0) {
    return Response.json(
      { error: "No consent record is kept for this browser: make a choice in the cookie settings first." },
      { status: 404, headers: { "Cache-Control": PRIVATE_NO_STORE } },
    );
  }
  return new Response(JSON.stringify({ consentId, records }, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="kestrel-consent-${consentId}.json"`,
      "Cache-Control": PRIVATE_NO_STORE,
    },
  });
}
