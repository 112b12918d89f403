import { parseWithZod } from "@conform-to/zod/v4";
import { contactSchema } from "~/schemas/contact";

/** The contact form's browser-side validation: the shared schema, loaded on first use (it brings Zod). */
export function validateContact(formData: FormData) {
  return parseWithZod(formData, { schema: contactSchema, disableAutoCoercion: true });
}
