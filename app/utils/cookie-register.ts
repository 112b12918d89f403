import { COOKIE_NAMES } from "./cookie-names";

/** What a cookie or storage item is for ("necessary" never needs consent); more purposes can be added. */
export const COOKIE_PURPOSES = ["necessary", "analytics"] as const;
export type CookiePurpose = (typeof COOKIE_PURPOSES)[number];

export const COOKIE_PURPOSE_LABELS: Record<CookiePurpose, string> = {
  necessary: "Strictly necessary",
  analytics: "Analytics",
};

/** One entry of the cookie register, as /cookies shows it and /admin/cookies edits it. */
export interface CookieRegisterItem {
  name: string;
  provider: string;
  purpose: CookiePurpose;
  duration: string;
  description: string;
}

/**
 * The banner's wording version: raise it whenever the banner's text changes, so each consent record says
 * which wording the visitor saw.
 */
export const BANNER_WORDING_VERSION = 1;

/** The register before anyone edits it: what /cookies stated when the register was introduced. */
export function defaultCookieRegisterItems(): CookieRegisterItem[] {
  return [
    {
      name: COOKIE_NAMES.consent,
      provider: "Kestrel Insight",
      purpose: "necessary",
      duration: "12 months",
      description: "Remembers whether you accepted or declined analytics cookies, so we do not ask again.",
    },
    {
      name: COOKIE_NAMES.consentRecord,
      provider: "Kestrel Insight",
      purpose: "necessary",
      duration: "12 months",
      description:
        "A random consent id and the version of our cookie list you chose under, so we can show that you consented (or not) and ask again when the list changes. It identifies nothing else about you.",
    },
    {
      name: COOKIE_NAMES.toast,
      provider: "Kestrel Insight",
      purpose: "necessary",
      duration: "1 minute",
      description: "Carries a one-off confirmation message (for example \"Message sent\") to the next page you see.",
    },
    {
      name: `${COOKIE_NAMES.session} (or ${COOKIE_NAMES.secureSession})`,
      provider: "Kestrel Insight",
      purpose: "necessary",
      duration: "Until sign-out, at most 12 hours",
      description: "Keeps our site operators signed in to the admin area. Visitors to the public site never receive it.",
    },
    {
      name: `${COOKIE_NAMES.signInState}:<random id>`,
      provider: "Kestrel Insight",
      purpose: "necessary",
      duration: "10 minutes",
      description: "Protects an operator's sign-in against forgery while it passes through our identity provider.",
    },
    {
      name: COOKIE_NAMES.signInReturnTo,
      provider: "Kestrel Insight",
      purpose: "necessary",
      duration: "10 minutes",
      description: "Remembers which admin page an operator asked for, to return there once signed in.",
    },
    {
      name: "_ga",
      provider: "Google Analytics",
      purpose: "analytics",
      duration: "2 years",
      description: "Google Analytics 4: distinguishes visitors so we can count visits. Set only if you accept analytics cookies.",
    },
    {
      name: "_ga_<measurement ID>",
      provider: "Google Analytics",
      purpose: "analytics",
      duration: "2 years",
      description: "Google Analytics 4: keeps the state of your current visit. Set only if you accept analytics cookies.",
    },
  ];
}
