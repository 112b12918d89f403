import { z } from "zod";
import { email, httpUrl, isHttpUrl, optionalText, recordVersion, requiredText } from "./fields";
import { mediaChoice } from "./media";

/** Company tab of SEO & Analytics, and PUT /api/admin/company-settings. */
export const companySettingsSchema = z.object({
  companyName: requiredText("Company name is required", 200),
  contactEmail: email("Must be a valid email"),
  footerCopyright: requiredText("Footer copyright is required", 300),
  version: recordVersion,
});
export type CompanySettingsInput = z.infer<typeof companySettingsSchema>;

/** Entered one per line in the form, sent as an array by the API: lines trimmed, empty ones dropped. */
const socialUrls = z.preprocess(
  (value) => {
    const list = typeof value === "string" ? value.split(/\r?\n/) : value === undefined || value === null ? [] : value;
    return Array.isArray(list)
      ? list.map((item) => (typeof item === "string" ? item.trim() : item)).filter((item) => item !== "")
      : list;
  },
  z.array(z.string({ error: "Must be a valid URL" }).max(2048).refine(isHttpUrl, "Must be a valid URL")).max(20),
);

const gaTrackingId = optionalText(20).refine(
  (value) => value === null || /^G-[A-Z0-9]{4,16}$/.test(value),
  "Measurement ID must look like G-XXXXXXXXXX",
);

const logoUrl = optionalText(2048).refine((value) => value === null || isHttpUrl(value), "Must be a valid URL");

/** PUT /api/admin/seo-settings: all of SEO settings at once. */
export const seoSettingsSchema = z.object({
  pageTitle: requiredText("Page title is required", 120),
  metaDescription: requiredText("Meta description is required", 320),
  keywords: optionalText(500),
  /** Open Graph and Twitter image of every page without its own (a post's cover is its own). */
  ogImageId: mediaChoice,
  gaTrackingId,
  organizationName: requiredText("Organization name is required", 200),
  websiteUrl: httpUrl("Must be a valid URL"),
  logoUrl,
  /** The organisation's logo from the library: in the JSON-LD in place of logoUrl. */
  logoImageId: mediaChoice,
  contactEmail: email("Must be a valid email"),
  socialUrls,
  version: recordVersion,
});
export type SeoSettingsInput = z.infer<typeof seoSettingsSchema>;

/** The three SEO tabs each save their own part of the settings. */
export const metaTagsSchema = seoSettingsSchema.pick({ pageTitle: true, metaDescription: true, keywords: true, ogImageId: true, version: true });
export const analyticsSchema = seoSettingsSchema.pick({ gaTrackingId: true, version: true });
export const structuredDataSchema = seoSettingsSchema.pick({
  organizationName: true,
  websiteUrl: true,
  logoUrl: true,
  logoImageId: true,
  contactEmail: true,
  socialUrls: true,
  version: true,
});
