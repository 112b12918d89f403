import { seoSettings } from "../../db/schema";
import { defaultSeoSettings } from "~/content/defaults";
import type { SeoSettingsInput } from "~/schemas/settings";
import { getConfig } from "~/server/config.server";
import type { Actor } from "./actor";
import { settingsRecord } from "./settings-record.server";

/** SEO settings as stored: optional texts read as "". */
export interface SeoSettingsValues {
  pageTitle: string;
  metaDescription: string;
  keywords: string;
  gaTrackingId: string;
  organizationName: string;
  websiteUrl: string;
  logoUrl: string;
  contactEmail: string;
  socialUrls: string[];
}
export type SeoSettings = SeoSettingsValues & { version: number };

const record = settingsRecord<SeoSettingsValues>({
  table: seoSettings,
  entity: "SEO settings",
  fallback: () => defaultSeoSettings(getConfig().publicUrl.origin),
  fromRow: (row) => ({
    pageTitle: String(row.pageTitle),
    metaDescription: String(row.metaDescription),
    keywords: String(row.keywords ?? ""),
    gaTrackingId: String(row.gaTrackingId ?? ""),
    organizationName: String(row.organizationName),
    websiteUrl: String(row.websiteUrl),
    logoUrl: String(row.logoUrl ?? ""),
    contactEmail: String(row.contactEmail),
    socialUrls: (row.socialUrls as string[] | null) ?? [],
  }),
});

/** Served from the content cache; the defaults when the row is missing. */
export const getSeoSettings = record.get;

/** Saves all or part of the settings (each admin tab saves its own part). */
export function updateSeoSettings(input: Partial<SeoSettingsInput>, actor: Actor, expectedVersion?: number) {
  const values: Partial<SeoSettingsValues> = {};
  for (const [key, value] of Object.entries(input) as [keyof SeoSettingsValues, unknown][]) {
    (values as Record<string, unknown>)[key] = value === null ? "" : value;
  }
  return record.update(values, actor, expectedVersion);
}

/** Straight from the database (an editor checking the version it loaded), not the cache. */
export const readSeoSettings = record.read;

/** Writes a kept version's values as a new version. */
export const restoreSeoSettingsVersion = record.restoreVersion;
