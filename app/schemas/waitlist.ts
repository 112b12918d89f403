import { z } from "zod";
import { email, optionalText } from "./fields";

export { HONEYPOT_FIELD } from "./contact-fields";

/** What the waitlist form says it will send (issue 40). */
export const WAITLIST_PROMISE = "We will e-mail you when it opens, and nothing else";

export const WAITLIST_MESSAGES = {
  email: "Please enter a valid email address",
  platforms: "Please choose at least one platform",
} as const;

/** One platform as a form (the product's id as text) or the API (its id, or its slug) names it. */
const platformRef = z.union([z.number().int().positive(), z.string().trim().min(1).max(120)], {
  error: WAITLIST_MESSAGES.platforms,
});

/** The waitlist form (/waitlist) and POST /api/waitlist: one schema for both. */
export const waitlistSchema = z.object({
  email: email(WAITLIST_MESSAGES.email),
  firstName: optionalText(100),
  platforms: z.preprocess(
    // A native form posts one value per ticked box: none, one (a string) or several (an array).
    (value) =>
      value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value],
    z
      .array(platformRef, { error: WAITLIST_MESSAGES.platforms })
      .min(1, WAITLIST_MESSAGES.platforms)
      .max(20, WAITLIST_MESSAGES.platforms),
  ),
});
export type WaitlistInput = z.infer<typeof waitlistSchema>;

/** The confirmation and unsubscribe forms and their API: the token of the e-mail's link. */
export const waitlistTokenSchema = z.object({
  token: z
    .string({ error: "The link is not valid" })
    .trim()
    .min(16, "The link is not valid")
    .max(200, "The link is not valid"),
});

/** The token a form field or a link's `?token=` holds, or null when it is not one. */
export function waitlistTokenOf(value: unknown): string | null {
  const parsed = waitlistTokenSchema.safeParse({ token: typeof value === "string" ? value : "" });
  return parsed.success ? parsed.data.token : null;
}
