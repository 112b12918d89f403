import { regulatoryStatus } from "~db/schema";
import { defaultRegulatoryStatus } from "~/content/defaults";
import type { FcaStatus, RegisteredIn, RegulatoryStatusInput } from "~/schemas/regulatory";
import { disclosureOf, pendingChangeAt, type Disclosure, type RegulatoryRecord } from "~/utils/regulatory";
import type { Actor, WriteResult } from "./actor";
import { getRevision } from "./revisions.server";
import { now } from "./clock.server";
import { cached, expireContentAt } from "./content-cache.server";
import { previewedSettings } from "./promotion-preview.server";
import { settingsRecord } from "./settings-record.server";

type Values = Omit<RegulatoryStatusInput, "version">;
export type RegulatoryStatus = Values & { version: number };

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}

const record = settingsRecord({
  table: regulatoryStatus,
  entity: "regulatory status",
  fallback: (): Values => ({ ...defaultRegulatoryStatus }),
  fromRow: (row) => ({
    legalName: row.legalName,
    companyNumber: row.companyNumber,
    // The form's schema admits only these (the column is plain text).
    registeredIn: row.registeredIn as RegisteredIn,
    registeredOffice: row.registeredOffice,
    vatNumber: row.vatNumber,
    contactEmail: row.contactEmail,
    fcaStatus: row.fcaStatus as FcaStatus,
    principalName: row.principalName,
    principalFrn: row.principalFrn,
    firmFrn: row.firmFrn,
    scheduledStatus: row.scheduledStatus as FcaStatus | "",
    scheduledPrincipalName: row.scheduledPrincipalName,
    scheduledPrincipalFrn: row.scheduledPrincipalFrn,
    scheduledFirmFrn: row.scheduledFirmFrn,
    takesEffectAt: row.takesEffectAt,
  }),
});

/**
 * The record from the content cache. A scheduled status still to come asks the cache (and so the page
 * cache) to empty itself at its time, so the next read, whoever makes it, compares that time with the
 * clock and discloses the new status; a server that was down then finds the time passed on its first read.
 */
export async function getRegulatoryStatus(): Promise<RegulatoryStatus> {
  const current = await cached("regulatory status:watched", async () => {
    const current = await record.get();
    const next = pendingChangeAt(current, now());
    if (next) expireContentAt(next, () => now().getTime());
    return current;
  });
  // An approver's preview of a pending status (never stored in the cache).
  return previewedSettings("regulatory-status", current);
}

/** The disclosure for the status in effect now (the footer, the JSON-LD, the API). */
export async function currentDisclosure(): Promise<Disclosure & { record: RegulatoryStatus }> {
  const current = await getRegulatoryStatus();
  return { ...disclosureOf(current, now()), record: current };
}

/** A history version's values carry the time as text: back to a Date for the column. */
function withDate<T extends Partial<Values>>(values: T): T {
  return "takesEffectAt" in values ? { ...values, takesEffectAt: toDate(values.takesEffectAt) } : values;
}

export function updateRegulatoryStatus(input: Partial<RegulatoryStatusInput>, actor: Actor, expectedVersion?: number) {
  const { version: _version, ...values } = input;
  return record.update(withDate(values), actor, expectedVersion);
}

export const readRegulatoryStatus = record.read;

/** "Restore this version": its values written as a new version (the kept time is text; the column wants a Date). */
export async function restoreRegulatoryStatusVersion(
  version: number,
  actor: Actor,
  expectedVersion?: number,
): Promise<WriteResult<RegulatoryStatus>> {
  const kept = await getRevision("regulatory status", 1, version);
  if (!kept) return { ok: false, reason: "not_found" };
  const values = withDate({ ...defaultRegulatoryStatus, ...(kept.values as Partial<Values>) });
  return record.update(values, actor, expectedVersion, `Restored version ${version}`);
}

export type { RegulatoryRecord };

/** What its collection's store binds. */
export const regulatoryStatusStoreFunctions = {
  ...record,
  get: getRegulatoryStatus,
  update: updateRegulatoryStatus,
  restoreVersion: restoreRegulatoryStatusVersion,
};
