import { latestConsentRecord } from "~/models/consent-records.server";
import {
  apiError,
  apiJson,
  apiRoute,
  readJson,
  tooManyRequests,
  validateBody,
} from "~/server/api/api.server";
import { consentRecordJson, consentRequest } from "~/server/api/consent-resources.server";
import { okWith, publicEndpoint } from "~/server/api/openapi-operations.server";
import { countConsentChoice, readConsentRecordCookie, recordChoice } from "~/server/forms/consent.server";

export const openapi = publicEndpoint("/api/consent", "Contact", {
  post: {
    summary: "Record a cookie choice and set the consent cookies",
    success: {
      status: 201,
      schema: consentRecordJson,
      description:
        "The record stored: consentId, version, choices and recordedAt (the other fields too); the consent cookies are set",
    },
    request: consentRequest,
    also: [429],
  },
  get: {
    summary: "The caller's current consent record (by their consent cookie)",
    success: okWith(consentRecordJson),
    also: [404],
    errorNotes: { 404: "The consent cookie holds no consent record" },
  },
});

export const NO_CONSENT_RECORD =
  "No consent record for this browser: its consent cookie holds none. POST /api/consent to make a choice.";

/**
 * POST /api/consent: a choice as JSON, stored as one consent record (how: "api") before the answer, with the
 * consent cookies set as the banner sets them. GET: the caller's latest record, by their consent cookie.
 */
const handle = apiRoute({
  async POST({ request, context }) {
    const limited = await countConsentChoice(context.clientAddress);
    if (!limited.allowed) throw tooManyRequests(limited.retryAfter);
    const { analytics } = validateBody(consentRequest, await readJson(request));
    const { record, setCookies } = await recordChoice(request, analytics ? "accept" : "decline", "api");
    const headers = new Headers();
    for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
    return apiJson(
      {
        consentId: record.consentId,
        version: record.version,
        choices: record.choices,
        recordedAt: record.recordedAt,
      },
      { status: 201, headers },
    );
  },
  async GET({ request }) {
    const record = await latestConsentRecord(readConsentRecordCookie(request)?.consentId);
    if (!record)
      return apiError(404, NO_CONSENT_RECORD, { headers: { "Cache-Control": "private, no-store" } });
    return apiJson(record, { headers: { "Cache-Control": "private, no-store" } });
  },
});

export { handle as loader, handle as action };
