/**
 * The name of every cookie the site sets: the code that sets one and the cookie register both use these,
 * so the cookie policy stays true to the code.
 */
export const COOKIE_NAMES = {
  session: "kestrel_session",
  secureSession: "__Host-kestrel_session",
  toast: "kestrel_toast",
  consent: "kestrel_consent",
  /** The consent record's id and the consent version it was made under: "<version>.<uuid>" (issue 39). */
  consentRecord: "kestrel_consent_id",
  signInState: "kestrel_oauth",
  signInReturnTo: "kestrel_return_to",
} as const;

/** The localStorage key of the cookie choice (SPEC 3: "accepted" or "declined"). */
export const CONSENT_STORAGE_KEY = "kestrel-cookie-consent";
