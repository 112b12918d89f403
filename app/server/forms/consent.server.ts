import { consentCookie, consentFromCookieHeader, type ConsentCookieValue, type ConsentState } from "~/utils/consent";
import { getConfig } from "~/server/config.server";
import { safeReturnTo } from "~/utils/return-to";

/** The visitor's cookie choice as the server sees it, from the first-party consent cookie. */
export function readConsent(request: Request): ConsentState {
  return consentFromCookieHeader(request.headers.get("Cookie"));
}

export function consentSetCookie(value: ConsentCookieValue): string {
  return consentCookie(value, getConfig().secure);
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
