import { COOKIE_NAMES } from "./cookie-names";
import { COOKIE_PURPOSE_LABELS, defaultCookieRegisterItems } from "./cookie-register";

export { CONSENT_STORAGE_KEY, COOKIE_NAMES } from "./cookie-names";

export interface CookieDescription {
  name: string;
  category: string;
  purpose: string;
  lifetime: string;
  setBy: string;
}

/**
 * The cookie policy's table as the site search indexes it: the register's defaults in the table's older
 * words, without the consent record's cookie (which came with the register). Marked pure, so that a
 * browser bundle that only needs a cookie's name leaves the register out.
 */
export const COOKIES: CookieDescription[] = /* @__PURE__ */ cookieTable();

function cookieTable(): CookieDescription[] {
  return defaultCookieRegisterItems()
    .filter((item) => item.name !== COOKIE_NAMES.consentRecord)
    .map((item) => ({
      name: item.name,
      category: COOKIE_PURPOSE_LABELS[item.purpose],
      purpose: item.description,
      lifetime: item.duration,
      setBy: item.provider,
    }));
}
