/**
 * The contact form's plain facts, without Zod: public pages import these, and keeping Zod out of their
 * bundles keeps them light (the schema itself loads only with the form's validation).
 */
export const PRESET_SUBJECTS = [
  "General Inquiry",
  "Career Inquiry",
  "Investment Inquiry",
  "Press Inquiry",
  "Privacy Rights",
  "Security Issue",
] as const;
export type PresetSubject = (typeof PRESET_SUBJECTS)[number];

export const CONTACT_LIMITS = { name: 100, subject: 150, message: 5000 } as const;

/** The hidden field that people never see and bots fill in. */
export const HONEYPOT_FIELD = "website";
