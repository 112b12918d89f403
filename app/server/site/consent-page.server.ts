import { getCookieRegister } from "~/models/cookie-register.server";
import { latestConsentRecord, type ConsentRecordView } from "~/models/consent-records.server";
import { readConsentRecordCookie } from "~/server/forms/consent.server";
import type { CookieRegisterItem } from "~/utils/cookie-register";

/** What /cookies shows from the server: the register's items, and the visitor's own latest consent record. */
export async function loadCookiePolicyData(request: Request): Promise<{
  cookies: CookieRegisterItem[];
  consentVersion: number;
  record: ConsentRecordView | null;
}> {
  const [register, record] = await Promise.all([
    getCookieRegister(),
    latestConsentRecord(readConsentRecordCookie(request)?.consentId),
  ]);
  return { cookies: register.items, consentVersion: register.consentVersion, record };
}
