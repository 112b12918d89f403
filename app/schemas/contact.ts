import { z } from "zod";
import { email, minText } from "./fields";

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

/** The contact form and POST /api/contact. */
export const contactSchema = z.object({
  name: minText(2, "Name must be at least 2 characters", CONTACT_LIMITS.name),
  email: email("Please enter a valid email address"),
  subject: minText(3, "Subject must be at least 3 characters", CONTACT_LIMITS.subject),
  message: minText(10, "Message must be at least 10 characters", CONTACT_LIMITS.message),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** The hidden field that people never see and bots fill in. */
export const HONEYPOT_FIELD = "website";
