import { cookieRegister } from "~db/schema";
import type { Actor, WriteResult } from "./actor";
import { getRevision } from "./revisions.server";
import { settingsRecord } from "./settings-record.server";
import { defaultCookieRegisterItems, type CookieRegisterItem } from "~/utils/cookie-register";

/**
 * The cookie register: every cookie and storage item the site sets, with its purpose. The consent version is
 * derived from it: a stored integer raised by a save that changes the non-necessary items (one added or
 * removed, or its purpose or name changed). Visitors who chose under an older version are asked again.
 */
export interface CookieRegisterValues {
  items: CookieRegisterItem[];
  consentVersion: number;
  consentRetentionMonths: number;
}
export type CookieRegister = CookieRegisterValues & { version: number };

const record = settingsRecord({
  table: cookieRegister,
  entity: "cookie register",
  fallback: (): CookieRegisterValues => ({ items: defaultCookieRegisterItems(), consentVersion: 1, consentRetentionMonths: 24 }),
  fromRow: ({ items, consentVersion, consentRetentionMonths }) => ({ items, consentVersion, consentRetentionMonths }),
});

/** Served from the content cache (emptied by every write, on every instance). */
export const getCookieRegister = record.get;
/** Straight from the database: an editor checking the version it loaded. */
export const readCookieRegister = record.read;

/**
 * "Restore this version": its items and retention saved as a new version. The consent version is never
 * restored: it only goes up (raised again when the restored items ask for different consent).
 */
export async function restoreCookieRegisterVersion(version: number, actor: Actor, expectedVersion?: number): Promise<WriteResult<CookieRegister>> {
  const kept = await getRevision("cookie register", 1, version);
  if (!kept) return { ok: false, reason: "not_found" };
  const values = kept.values as Partial<CookieRegisterValues>;
  return updateCookieRegister(
    { items: values.items ?? [], consentRetentionMonths: values.consentRetentionMonths },
    actor,
    expectedVersion,
  );
}

/** The consent version visitors' choices are compared with. */
export async function currentConsentVersion(): Promise<number> {
  return (await getCookieRegister()).consentVersion;
}

/** What consent is asked for: the non-necessary items, by name and purpose, in a stable order. */
export function consentSignature(items: CookieRegisterItem[]): string {
  return JSON.stringify(
    items
      .filter((item) => item.purpose !== "necessary")
      .map((item) => [item.name.trim(), item.purpose])
      .sort((a, b) => (a.join("\u0000") < b.join("\u0000") ? -1 : 1)),
  );
}

/**
 * Saves the register (and the consent records' retention): the consent version goes up by one when what
 * consent is asked for changed.
 */
export async function updateCookieRegister(
  input: { items: CookieRegisterItem[]; consentRetentionMonths?: number },
  actor: Actor,
  expectedVersion?: number,
): Promise<WriteResult<CookieRegister>> {
  const before = await readCookieRegister();
  const changes: Partial<CookieRegisterValues> = { items: input.items };
  if (input.consentRetentionMonths !== undefined) changes.consentRetentionMonths = input.consentRetentionMonths;
  if (consentSignature(input.items) !== consentSignature(before.items)) changes.consentVersion = before.consentVersion + 1;
  return record.update(changes, actor, expectedVersion ?? before.version);
}
