import { z } from "zod";
import { ASSIGNED_FIELDS, pickJson } from "~/server/collections/store.server";
import type { CompanySettings } from "~/models/company-settings.server";
import type { HeroContent } from "~/models/hero.server";
import type { MenuItemRow } from "~/models/menu-items.server";
import type { Product } from "~/models/products.server";
import type { Redirect } from "~/models/redirects.server";
import { checkRuleShape, REDIRECT_STATUS_CODES, redirectFields } from "~/schemas/redirect";
import type { SeoSettings } from "~/models/seo-settings.server";
import type { Statistic } from "~/models/statistics.server";
import { contactSchema } from "~/schemas/contact";
import { checkbox } from "~/schemas/fields";
import { heroSchema } from "~/schemas/hero";
import { menuItemSchema } from "~/schemas/menu-item";
import { productSchema } from "~/schemas/product";
import { companySettingsSchema, seoSettingsSchema } from "~/schemas/settings";
import { statisticSchema } from "~/schemas/statistic";
import { checkRegulatoryStatus, regulatoryStatusFields } from "~/schemas/regulatory";
import { riskWarningSchema, riskWarningsSchema } from "~/schemas/risk-warning";
import type { RegulatoryStatus } from "~/models/regulatory-status.server";
import { now } from "~/models/clock.server";
import { disclosureOf } from "~/utils/regulatory";
import { isoTime, named } from "~/server/api/openapi-operations.server";
import { cookieRegisterSchema } from "~/schemas/cookie-register";
import { COOKIE_PURPOSES } from "~/utils/cookie-register";

/**
 * What the JSON API accepts and answers, built on the forms' schemas in app/schemas: the request bodies
 * are those schemas (with the API's own defaults and an optional `version`), and the records are those
 * schemas plus the fields the server assigns. The OpenAPI document is generated from these.
 */

// Request bodies: the forms' schemas, strict (a field the schema does not know is refused), with the
// record `version` on updates only.
export const contactRequest = named(z.strictObject(contactSchema.shape), "ContactMessage");
export const companySettingsRequest = named(
  z.strictObject(companySettingsSchema.shape),
  "CompanySettingsInput",
);
export const seoSettingsRequest = named(z.strictObject(seoSettingsSchema.shape), "SeoSettingsInput");
export const heroRequest = named(z.strictObject(heroSchema.shape), "HeroContentInput");
/** A form's unticked checkbox is absent; in JSON an absent isActive means SPEC's default, true. */
const menuItemBody = menuItemSchema.extend({
  isActive: checkbox.default(true),
  openInNewTab: checkbox.default(false),
});
export const menuItemRequest = named(
  z.strictObject(menuItemBody.omit({ version: true }).shape),
  "MenuItemInput",
);
export const menuItemUpdateRequest = named(z.strictObject(menuItemBody.shape), "MenuItemUpdate");

/** A rule: from, to, statusCode, an optional note, and confirmShadow when it replaces a page of the site. */
export const redirectRequest = named(
  z.strictObject(redirectFields.omit({ version: true }).shape).superRefine(checkRuleShape),
  "RedirectInput",
);
export const redirectUpdateRequest = named(
  z.strictObject(redirectFields.shape).superRefine(checkRuleShape),
  "RedirectUpdate",
);

// Records, as answered.
const assigned = ASSIGNED_FIELDS;
const settingsVersion = { version: z.number().int().min(0) };

export const companySettingsRecord = named(
  companySettingsSchema.extend({
    ...settingsVersion,
    // Until an operator sets one, the stored copyright is empty and the footer shows the default line.
    footerCopyright: z.string().max(300).meta({
      description:
        'Empty until an operator sets it: the footer then shows "© {year} {companyName}. All rights reserved."',
    }),
  }),
  "CompanySettings",
);
export const seoSettingsRecord = named(seoSettingsSchema.extend(settingsVersion), "SeoSettings");
export const heroRecord = named(heroSchema.extend(settingsVersion), "HeroContent");
export const statisticRecord = named(statisticSchema.extend(assigned), "Statistic");
export const productRecord = named(productSchema.extend(assigned), "Product");
export const menuItemRecord = named(menuItemSchema.extend(assigned), "MenuItem");

export const redirectRecord = named(
  z.object({
    id: assigned.id,
    from: z
      .string()
      .meta({ description: "A path on this site, normalised: no trailing slash, no query string" }),
    to: z.string().meta({ description: "A path on this site or an http(s) URL; empty for 410" }),
    statusCode: z.union(REDIRECT_STATUS_CODES.map((code) => z.literal(code))),
    note: z.string(),
    hits: z.number().int().min(0),
    lastHitAt: isoTime.nullable(),
    version: assigned.version,
    createdAt: assigned.createdAt,
    updatedAt: assigned.updatedAt,
  }),
  "Redirect",
);

export const messageBody = named(z.object({ message: z.string() }), "Message");

export const companySettingsJson = pickJson(companySettingsRecord) as (
  record: CompanySettings,
) => z.output<typeof companySettingsRecord>;

export const seoSettingsJson = pickJson(seoSettingsRecord) as (
  record: SeoSettings,
) => z.output<typeof seoSettingsRecord>;

export const heroJson = pickJson(heroRecord) as (record: HeroContent) => z.output<typeof heroRecord>;

export const statisticJson = pickJson(statisticRecord) as (s: Statistic) => z.output<typeof statisticRecord>;

export const productJson = pickJson(productRecord) as (p: Product) => z.output<typeof productRecord>;

const menuItemFields = pickJson(menuItemRecord) as (m: MenuItemRow) => z.output<typeof menuItemRecord>;

/** SPEC 3: parentId is a string. */
export function menuItemJson(m: MenuItemRow): z.output<typeof menuItemRecord> {
  return { ...menuItemFields(m), parentId: m.parentId === null ? null : String(m.parentId) };
}

export const redirectJson = pickJson(redirectRecord) as (r: Redirect) => z.output<typeof redirectRecord>;

// Regulatory status (issue 37): the record as stored, and the disclosure generated from it.
export const regulatoryStatusRequest = named(
  z.strictObject(regulatoryStatusFields.shape).superRefine(checkRegulatoryStatus),
  "RegulatoryStatusInput",
);

const disclosureJson = z
  .object({
    status: z.string().meta({ description: "The status sentence in effect now, in GEN 4 Annex 1's words" }),
    company: z.string().meta({ description: "The Companies Act line: name, where registered, number, registered office" }),
    vat: z.string().nullable(),
    frn: z.string().nullable().meta({ description: "The FRN the status names (the firm's or its principal's)" }),
    registerUrl: z.string().nullable().meta({ description: "The Financial Services Register's search for that FRN" }),
    text: z.string(),
  })
  .meta({ description: "Generated from the record for the status in effect at the time of the answer" });

export const regulatoryStatusRecord = named(
  z.object({
    ...regulatoryStatusFields.shape,
    takesEffectAt: isoTime.nullable(),
    version: z.number().int().min(0),
    disclosure: disclosureJson,
  }),
  "RegulatoryStatus",
);

/** The record with its disclosure for the status in effect now. */
export function regulatoryStatusJson(record: RegulatoryStatus): z.output<typeof regulatoryStatusRecord> {
  const picked = pickJson(regulatoryStatusRecord)({ ...record, disclosure: disclosureOf(record, now()) });
  return picked as z.output<typeof regulatoryStatusRecord>;
}

// Risk warnings (issue 37).
export const riskWarningsRequest = named(z.strictObject(riskWarningsSchema.shape), "RiskWarningsInput");
export const riskWarningRequest = named(z.strictObject(riskWarningSchema.shape), "RiskWarningInput");
export const riskWarningsRecord = named(
  riskWarningsSchema.extend({
    rmmi: z.string().meta({ description: "The warning on a restricted mass market investment's promotions" }),
    cryptoasset: z.string().meta({ description: "The warning on a cryptoasset's promotions" }),
    version: z.number().int().min(0),
  }),
  "RiskWarnings",
);

/** The cookie register (issue 39): PUT /api/admin/cookie-register's body and what GET /api/cookie-register answers. */
export const cookieRegisterRequest = named(
  z.strictObject({
    items: z
      .array(
        z.strictObject({
          name: z.string().max(120),
          provider: z.string().max(120),
          purpose: z.enum(COOKIE_PURPOSES),
          duration: z.string().max(80),
          description: z.string().max(500),
        }),
      )
      .min(1)
      .max(100)
      .meta({ description: "Every cookie and storage item; adding or removing a non-necessary one, or changing its name or purpose, raises consentVersion." }),
    consentRetentionMonths: z.number().int().min(1).max(120).meta({ description: "Consent records are deleted this many months after they were made." }),
    version: cookieRegisterSchema.shape.version,
  }),
  "CookieRegisterInput",
);
export const cookieRegisterRecord = named(
  z.object({
    items: cookieRegisterRequest.shape.items,
    consentVersion: z.number().int().min(1).meta({ description: "Raised when what consent is asked for changes: choices made under an older one are asked again." }),
    consentRetentionMonths: z.number().int(),
    ...settingsVersion,
  }),
  "CookieRegister",
);
