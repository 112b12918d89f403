import { z } from "zod";
import { CONTACT_LIMITS } from "./contact-fields";
import { email, minText } from "./fields";

export { CONTACT_LIMITS, HONEYPOT_FIELD, PRESET_SUBJECTS, type PresetSubject } from "./contact-fields";

/** The contact form and POST /api/contact. */
export const contactSchema = z.object({
  name: minText(2, "Name must be at least 2 characters", CONTACT_LIMITS.name),
  email: email("Please enter a valid email address"),
  subject: minText(3, "Subject must be at least 3 characters", CONTACT_LIMITS.subject),
  message: minText(10, "Message must be at least 10 characters", CONTACT_LIMITS.message),
});
export type ContactInput = z.infer<typeof contactSchema>;
