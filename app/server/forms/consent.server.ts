import { parse as parseCookies } from "cookie";
import {
  consentCookie,
  consentFromCookieHeader,
  consentRecordCookie,
  parseConsentRecordCookie,
  type ConsentCookieValue,
  type ConsentRecordCookie,
  type ConsentState,
} from "~/utils/consent";
import { COOKIE_NAMES } from "~/utils/cookie-registry";
import { currentConsentVersion } from "~/models/cookie-register.server";
import {
  recordConsent,
  type ConsentAction,
  type ConsentHow,
  type ConsentRecordView,
} from "~/models/consent-records.server";
import { getConfig } from "~/server/config.server";
import { safeReturnTo } from "~/utils/return-to";
import { checkRateLimit, type RateLimitResult } from "~/models/rate-limit.server";

/** The visitor's cookie choice as the cookie holds it, whatever version it was made under. */
export function readConsent(request: Request): ConsentState {
  return consentFromCookieHeader(request.headers.get("Cookie"));
}

/**
 * The consent record cookie of a request: its consent id and version. A choice saved before consent records
 * existed (no record cookie) counts as made under version 1, the purposes the site had then.
 */
export function readConsentRecordCookie(request: Request): ConsentRecordCookie | null {
  const header = request.headers.get("Cookie");
  return parseConsentRecordCookie(header ? parseCookies(header)[COOKIE_NAMES.consentRecord] : undefined);
}

/**
 * The visitor's choice as it counts now: a choice made under an older consent version than the cookie
 * register's is no choice (askAgain), so the banner shows again and analytics stays off.
 */
export async function readCurrentConsent(request: Request): Promise<ConsentState> {
  const state = readConsent(request);
  if (state.choice === null) return state;
  const madeUnder = readConsentRecordCookie(request)?.version ?? 1;
  if (madeUnder >= (await currentConsentVersion())) return state;
  return { choice: null, dismissed: false, askAgain: true };
}

export function consentSetCookie(value: ConsentCookieValue): string {
  return consentCookie(value, getConfig().secure);
}

/**
 * Stores one record of a choice (before anything is answered) and gives the Set-Cookie headers that go with
 * it: the choice, and the record cookie with the consent id (the visitor's own, kept across choices) and the
 * version the choice was made under. A withdrawal leaves analytics declined.
 */
export async function recordChoice(
  request: Request,
  action: ConsentAction,
  how: ConsentHow,
): Promise<{ record: ConsentRecordView; setCookies: string[] }> {
  const record = await recordConsent({
    consentId: readConsentRecordCookie(request)?.consentId,
    analytics: action === "accept",
    action,
    how,
  });
  return {
    record,
    setCookies: [
      consentSetCookie(action === "accept" ? "accepted" : "declined"),
      consentRecordCookie(record.consentId, record.version, getConfig().secure),
    ],
  };
}

/** Every choice stores a row: one client may make CONSENT_RATE_LIMIT of them per window (a person changing their mind, not a script). */
export function countConsentChoice(clientAddress: string): Promise<RateLimitResult> {
  return checkRateLimit("consent", clientAddress);
}

const FRAGMENT = /^#[A-Za-z][\w-]{0,63}$/;

/**
 * Where to send the visitor back after a choice: a path on this site only ("/about?x", plus a plain
 * "#anchor"); anything else (another host, "//evil", "/\evil", a scheme) becomes "/".
 */
export function consentReturnTo(value: FormDataEntryValue | null): string {
  if (typeof value !== "string") return "/";
  const hashAt = value.indexOf("#");
  const path = hashAt === -1 ? value : value.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : value.slice(hashAt);
  const safe = safeReturnTo(path, "/");
  return safe !== "/" || path === "/" ? `${safe}${FRAGMENT.test(hash) ? hash : ""}` : "/";
}
