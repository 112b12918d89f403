import { companySettings } from "~db/schema";
import { defaultCompanySettings, defaultCopyright, YEAR_TOKEN } from "~/content/defaults";
import type { CompanySettingsInput } from "~/schemas/settings";
import type { Actor } from "./actor";
import { settingsRecord } from "./settings-record.server";

export type CompanySettings = CompanySettingsInput & { version: number };

const record = settingsRecord({
  table: companySettings,
  entity: "company settings",
  fallback: (): CompanySettingsInput => defaultCompanySettings,
  fromRow: ({ companyName, contactEmail, footerCopyright }) => ({ companyName, contactEmail, footerCopyright }),
});

/** Served from the content cache; the defaults when the row is missing. */
export const getCompanySettings = record.get;

export function updateCompanySettings(input: CompanySettingsInput, actor: Actor, expectedVersion?: number) {
  return record.update(input, actor, expectedVersion);
}

/** The footer's copyright line: the operator's text with {year} as the current year, or the default. */
export function copyrightLine(settings: CompanySettingsInput, year = new Date().getFullYear()): string {
  const text = settings.footerCopyright.trim();
  return text ? text.replaceAll(YEAR_TOKEN, String(year)) : defaultCopyright(settings.companyName, year);
}

/** Straight from the database (an editor checking the version it loaded), not the cache. */
export const readCompanySettings = record.read;

/** Writes a kept version's values as a new version. */
export const restoreCompanySettingsVersion = record.restoreVersion;

/** What its collection's store binds (app/server/collections): read, update, restore, and what visitors get. */
export const companySettingsStoreFunctions = { ...record, update: updateCompanySettings };
