import { companySettings } from "../../db/schema";
import { defaultCompanySettings, defaultCopyright } from "~/content/defaults";
import type { CompanySettingsInput } from "~/schemas/settings";
import type { Actor } from "./actor";
import { settingsRecord } from "./settings-record.server";

export type CompanySettings = CompanySettingsInput & { version: number };

const record = settingsRecord<CompanySettingsInput>({
  table: companySettings,
  entity: "company settings",
  fallback: () => defaultCompanySettings,
  fromRow: (row) => ({
    companyName: String(row.companyName),
    contactEmail: String(row.contactEmail),
    footerCopyright: String(row.footerCopyright),
  }),
});

/** Served from the content cache; the defaults when the row is missing. */
export const getCompanySettings = record.get;

export function updateCompanySettings(input: CompanySettingsInput, actor: Actor, expectedVersion?: number) {
  return record.update(input, actor, expectedVersion);
}

/** The footer's copyright line: the operator's text, or the default with the current year. */
export function copyrightLine(settings: CompanySettingsInput): string {
  return settings.footerCopyright.trim() || defaultCopyright(settings.companyName);
}
