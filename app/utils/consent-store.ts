import { createContext, useContext, useSyncExternalStore } from "react";
import { CONSENT_STORAGE_KEY } from "./cookie-names";
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
/** A choice made on this page: it counts even when the server said the cookie's choice is out of date. */
let chosenHere = false;
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

/** Where a choice was made, for its consent record. */
export type ConsentSource = "banner" | "cookies-page";

/**
 * Accept or Decline (or withdraw, which declines): saved in localStorage and in the cookie, hiding the banner
 * and applying at once; then posted to the server, which stores its consent record and sets the record
 * cookie (its consent id and version).
 */
export function saveConsent(choice: ConsentChoice, source: ConsentSource = "banner", withdraw = false): void {
  storage("localStorage")?.setItem(CONSENT_STORAGE_KEY, choice);
  writeCookie(choice);
  chosenHere = true;
  snapshot = { choice, dismissed: getSnapshot().dismissed };
  emit();
  const body = new URLSearchParams();
  body.set("choice", withdraw ? "withdrawn" : choice);
  body.set("source", source);
  body.set("js", "1");
  void fetch("/consent", { method: "POST", body, credentials: "same-origin" })
    .then(() => {
      for (const listener of recordListeners) listener();
    })
    .catch(() => {
      // Offline: the choice holds in this browser; the server asks again once it sees no current record.
    });
}

const recordListeners = new Set<() => void>();

/** Called once the server has stored a choice made here (the cookie settings show the new record). */
export function onConsentRecorded(listener: () => void): () => void {
  recordListeners.add(listener);
  return () => recordListeners.delete(listener);
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
  const browser = useSyncExternalStore(subscribe, getSnapshot, () => server);
  // Chosen under an older consent version: no choice until the visitor chooses again.
  if (server.askAgain && !chosenHere) return { choice: null, dismissed: browser.dismissed };
  return browser;
}
