import type { InternalLink } from "./types";

/** Facts the policies state, in their own module so pages that quote them do not load the legal text. */

/** ISO date the three policies were last updated. */
export const LEGAL_LAST_UPDATED = "2025-10-07";
/** The same date as written in the policies. */
export const LEGAL_LAST_UPDATED_LABEL = "07 October 2025";
/** Minimum age to use the platform. */
export const MINIMUM_AGE = 18;

/** Links between the three legal pages. */
export const legalLinks: readonly InternalLink[] = [
  { label: "Privacy Policy", href: "/privacy" },
  { label: "Terms of Service", href: "/terms" },
  { label: "Cookie Policy", href: "/cookies" },
];
