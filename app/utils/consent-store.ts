import { createContext, useContext, useSyncExternalStore } from "react";
import { CONSENT_STORAGE_KEY } from "./cookie-registry";
import { consentCookie, consentFromCookieHeader, isConsentChoice, type ConsentChoice, type ConsentState } from "./consent";

/**
 * The cookie choice in the browser: saved under CONSENT_STORAGE_KEY in localStorage and in the consent
 * cookie (so the server knows it too); the close icon's "not now" lives in sessionStorage.
 *
 * The cookie wins when both exist: a choice made without JavaScript (on the server) changes only the
 * cookie, so the cookie is never older than localStorage. A missing cookie (expired or cleared) is
 * written again from localStorage.
 */
const CLOSED_FOR_VISIT_KEY = "kestrel-cookie-banner-closed";

let snapshot: ConsentState | undefined;
const listeners = new Set<() => void>();

function storage(kind: "localStorage" | "sessionStorage"): Storage | null {
  try {
    return window[kind];
  } catch {
    return null; // blocked by the browser's settings
  }
}

function writeCookie(choice: ConsentChoice) {
  document.cookie = consentCookie(choice, window.location.protocol === "https:");
}

function readBrowser(): ConsentState {
  const cookie = consentFromCookieHeader(document.cookie);
  const stored = storage("localStorage")?.getItem(CONSENT_STORAGE_KEY);
  const choice = cookie.choice ?? (isConsentChoice(stored) ? stored : null);
  if (choice && stored !== choice) storage("localStorage")?.setItem(CONSENT_STORAGE_KEY, choice);
  if (choice && cookie.choice !== choice) writeCookie(choice);
  const closed = storage("sessionStorage")?.getItem(CLOSED_FOR_VISIT_KEY) === "1";
  return { choice, dismissed: closed || cookie.dismissed };
}

function getSnapshot(): ConsentState {
  return (snapshot ??= readBrowser());
}

function emit() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key === CONSENT_STORAGE_KEY || event.key === null) {
    snapshot = undefined;
    emit();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

/** Accept or Decline: saved in localStorage and in the cookie; hides the banner. */
export function saveConsent(choice: ConsentChoice): void {
  storage("localStorage")?.setItem(CONSENT_STORAGE_KEY, choice);
  writeCookie(choice);
  snapshot = { choice, dismissed: getSnapshot().dismissed };
  emit();
}

/** The close icon: hidden for this visit only, nothing saved. */
export function closeBannerForVisit(): void {
  storage("sessionStorage")?.setItem(CLOSED_FOR_VISIT_KEY, "1");
  snapshot = { ...getSnapshot(), dismissed: true };
  emit();
}

const ServerConsentContext = createContext<ConsentState | null>(null);

/** The choice the server read from the cookie: what the server render (and hydration) shows. */
export const ServerConsentProvider = ServerConsentContext.Provider;

const UNKNOWN: ConsentState = { choice: null, dismissed: false };

/** The visitor's current choice; re-renders when it changes. */
export function useConsent(): ConsentState {
  const server = useContext(ServerConsentContext) ?? UNKNOWN;
  return useSyncExternalStore(subscribe, getSnapshot, () => server);
}
