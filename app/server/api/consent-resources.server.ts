import { z } from "zod";
import { CONSENT_ACTIONS, CONSENT_HOW } from "~db/schema";
import { named } from "~/server/api/openapi-operations.server";

/** Consent (issue 39): the JSON API's request and answers; the OpenAPI document is generated from these. */

export const consentRequest = named(
  z.strictObject({
    analytics: z.boolean({ error: "analytics must be true or false" }).meta({ description: "true accepts analytics cookies; false declines them" }),
  }),
  "ConsentChoice",
);

export const consentRecordJson = named(
  z.object({
    consentId: z.string().meta({ description: "The random id the visitor's consent cookie holds; nothing else identifies them" }),
    version: z.number().int().meta({ description: "The consent version (of the cookie register) the choice was made under" }),
    wordingVersion: z.number().int().meta({ description: "The version of the banner's wording shown" }),
    choices: z.record(z.string(), z.boolean()).meta({ description: 'The choice per purpose, e.g. { "analytics": true }' }),
    action: z.enum(CONSENT_ACTIONS),
    how: z.enum(CONSENT_HOW),
    recordedAt: z.string().meta({ description: "ISO 8601" }),
  }),
  "ConsentRecord",
);

export const consentRecordList = named(
  z.object({ consentId: z.string(), records: z.array(consentRecordJson) }),
  "ConsentRecords",
);

export const consentSummaryJson = named(
  z.object({
    days: z
      .array(z.object({ day: z.string(), accept: z.number().int(), decline: z.number().int(), withdraw: z.number().int() }))
      .meta({ description: "The last 30 days (UTC), oldest first, with the choices recorded on each" }),
    current: z
      .object({ consentIds: z.number().int(), accepting: z.number().int(), acceptRate: z.number().nullable() })
      .meta({ description: "Of the latest record of each consent id still kept: how many accept analytics now (null rate when none)" }),
  }),
  "ConsentSummary",
);
