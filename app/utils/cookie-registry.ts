/**
 * Every cookie the site can set, for the cookie policy's table. The code that sets each cookie uses the
 * name from here, so the policy stays true to the code.
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

export interface CookieDescription {
  name: string;
  category: "Strictly necessary" | "Analytics";
  purpose: string;
  lifetime: string;
  setBy: "Kestrel Insight" | "Google Analytics";
}

export const COOKIES: CookieDescription[] = [
  {
    name: COOKIE_NAMES.consent,
    category: "Strictly necessary",
    purpose: "Remembers whether you accepted or declined analytics cookies, so we do not ask again.",
    lifetime: "12 months",
    setBy: "Kestrel Insight",
  },
  {
    name: COOKIE_NAMES.toast,
    category: "Strictly necessary",
    purpose: "Carries a one-off confirmation message (for example \"Message sent\") to the next page you see.",
    lifetime: "1 minute",
    setBy: "Kestrel Insight",
  },
  {
    name: `${COOKIE_NAMES.session} (or ${COOKIE_NAMES.secureSession})`,
    category: "Strictly necessary",
    purpose: "Keeps our site operators signed in to the admin area. Visitors to the public site never receive it.",
    lifetime: "Until sign-out, at most 12 hours",
    setBy: "Kestrel Insight",
  },
  {
    name: `${COOKIE_NAMES.signInState}:<random id>`,
    category: "Strictly necessary",
    purpose: "Protects an operator's sign-in against forgery while it passes through our identity provider.",
    lifetime: "10 minutes",
    setBy: "Kestrel Insight",
  },
  {
    name: COOKIE_NAMES.signInReturnTo,
    category: "Strictly necessary",
    purpose: "Remembers which admin page an operator asked for, to return there once signed in.",
    lifetime: "10 minutes",
    setBy: "Kestrel Insight",
  },
  {
    name: "_ga",
    category: "Analytics",
    purpose: "Google Analytics 4: distinguishes visitors so we can count visits. Set only if you accept analytics cookies.",
    lifetime: "2 years",
    setBy: "Google Analytics",
  },
  {
    name: "_ga_<measurement ID>",
    category: "Analytics",
    purpose: "Google Analytics 4: keeps the state of your current visit. Set only if you accept analytics cookies.",
    lifetime: "2 years",
    setBy: "Google Analytics",
  },
];
