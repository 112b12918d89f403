import { COOKIE_NAMES } from "./cookie-names";

/**
 * The cookie choice (SPEC 3, 4 and 9), shared by the server (which reads the cookie to render the right
 * page) and the browser (which keeps localStorage and the cookie in step).
 *
 * The cookie COOKIE_NAMES.consent holds "accepted" or "declined" for 12 months, or "dismissed" for the
 * browser session only (the banner's close icon without JavaScript). It is not HttpOnly on purpose: the
 * browser writes it too when the visitor chooses with JavaScript, so both sides always agree.
 */
export const CONSENT_CHOICES = ["accepted", "declined"] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

/** The close icon: hidden for this visit, nothing saved. */
export const CONSENT_DISMISSED = "dismissed";
export type ConsentCookieValue = ConsentChoice | typeof CONSENT_DISMISSED;

/** SPEC 9: the banner appears 1000 ms after load when no choice is saved. */
export const COOKIE_BANNER_DELAY_MS = 1000;
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** What the page knows about the visitor's choice. */
export interface ConsentState {
  choice: ConsentChoice | null;
  /** The banner was closed for this visit. */
  dismissed: boolean;
  /**
   * The choice the cookie holds was made under an older consent version (the cookie register's purposes
   * changed since): it no longer counts, the banner asks again and analytics stays off until a new choice.
   */
  askAgain?: true;
}

export function isConsentChoice(value: unknown): value is ConsentChoice {
  return value === "accepted" || value === "declined";
}

export function isConsentCookieValue(value: unknown): value is ConsentCookieValue {
  return isConsentChoice(value) || value === CONSENT_DISMISSED;
}

/** Reads the consent cookie from a Cookie header or document.cookie. */
export function consentFromCookieHeader(header: string | null | undefined): ConsentState {
  const prefix = `${COOKIE_NAMES.consent}=`;
  const raw = (header ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  return {
    choice: isConsentChoice(raw) ? raw : null,
    dismissed: raw === CONSENT_DISMISSED,
  };
}

/** The cookie string, for a Set-Cookie header or document.cookie: first-party, Path=/, SameSite=Lax. */
export function consentCookie(value: ConsentCookieValue, secure: boolean): string {
  const parts = [`${COOKIE_NAMES.consent}=${value}`, "Path=/", "SameSite=Lax"];
  if (value !== CONSENT_DISMISSED) parts.push(`Max-Age=${CONSENT_MAX_AGE_SECONDS}`);
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** The consent record cookie: which record the visitor's choice is, and the consent version it was made under. */
export interface ConsentRecordCookie {
  version: number;
  /** Absent in the page cache's renders, which know the version only. */
  consentId: string | null;
}

const RECORD_COOKIE = /^([1-9][0-9]{0,5})(?:\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}))?$/;

/** Parses "<version>.<uuid>" (or "<version>" alone); anything else is no record. */
export function parseConsentRecordCookie(raw: string | null | undefined): ConsentRecordCookie | null {
  const match = RECORD_COOKIE.exec(raw ?? "");
  return match ? { version: Number(match[1]), consentId: match[2] ?? null } : null;
}

/** The record cookie's Set-Cookie value: HttpOnly (only the server writes it), 12 months, like the choice. */
export function consentRecordCookie(consentId: string, version: number, secure: boolean): string {
  const parts = [`${COOKIE_NAMES.consentRecord}=${version}.${consentId}`, "Path=/", "SameSite=Lax", "HttpOnly", `Max-Age=${CONSENT_MAX_AGE_SECONDS}`];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}
