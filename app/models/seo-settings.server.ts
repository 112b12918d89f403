import { eq } from "drizzle-orm";
import { media, seoSettings } from "~db/schema";
import { defaultSeoSettings } from "~/content/defaults";
import { MEDIA_CHOICE_MESSAGE } from "~/schemas/media";
import type { SeoSettingsInput } from "~/schemas/settings";
import { getConfig } from "~/server/config.server";
import type { Actor } from "./actor";
import { settingsRecord } from "./settings-record.server";

/** SEO settings as stored: optional texts read as "", an image not chosen as null. */
export interface SeoSettingsValues {
  pageTitle: string;
  metaDescription: string;
  keywords: string;
  /** The default Open Graph and Twitter image (media library). */
  ogImageId: number | null;
  gaTrackingId: string;
  organizationName: string;
  websiteUrl: string;
  logoUrl: string;
  /** The organisation's logo from the media library, used in place of logoUrl. */
  logoImageId: number | null;
  contactEmail: string;
  socialUrls: string[];
}
export type SeoSettings = SeoSettingsValues & { version: number };

const IMAGE_FIELDS = ["ogImageId", "logoImageId"] as const;

const record = settingsRecord({
  table: seoSettings,
  entity: "SEO settings",
  fallback: (): SeoSettingsValues => defaultSeoSettings(getConfig().publicUrl.origin),
  fromRow: (row) => ({
    pageTitle: row.pageTitle,
    metaDescription: row.metaDescription,
    keywords: row.keywords,
    ogImageId: row.ogImageId,
    gaTrackingId: row.gaTrackingId,
    organizationName: row.organizationName,
    websiteUrl: row.websiteUrl,
    logoUrl: row.logoUrl,
    logoImageId: row.logoImageId,
    contactEmail: row.contactEmail,
    socialUrls: row.socialUrls,
  }),
  // An image deleted from the library meanwhile (or in a restored version) is refused by name, not by the
  // foreign key; the lock keeps it in the library until the save commits.
  check: async (tx, changes) => {
    for (const field of IMAGE_FIELDS) {
      const id = changes[field];
      if (typeof id !== "number") continue;
      const [found] = await tx.select({ id: media.id }).from(media).where(eq(media.id, id)).for("key share");
      if (!found) return { field, message: MEDIA_CHOICE_MESSAGE };
    }
    return null;
  },
});

/** Served from the content cache; the defaults when the row is missing. */
export const getSeoSettings = record.get;

/** Saves all or part of the settings (each admin tab saves its own part). */
export function updateSeoSettings(input: Partial<SeoSettingsInput>, actor: Actor, expectedVersion?: number) {
  const values: Partial<SeoSettingsValues> = {};
  for (const [key, value] of Object.entries(input) as [keyof SeoSettingsValues, unknown][]) {
    if (value === undefined) continue;
    const isImage = (IMAGE_FIELDS as readonly string[]).includes(key);
    (values as Record<string, unknown>)[key] = value === null && !isImage ? "" : value;
  }
  return record.update(values, actor, expectedVersion);
}

/** Straight from the database (an editor checking the version it loaded), not the cache. */
export const readSeoSettings = record.read;

/** Writes a kept version's values as a new version. */
export const restoreSeoSettingsVersion = record.restoreVersion;

/** What its collection's store binds (app/server/collections): read, update, restore, and what visitors get. */
export const seoSettingsStoreFunctions = { ...record, update: updateSeoSettings };
