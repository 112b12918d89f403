import { z } from "zod";

/**
 * The local identity provider's sign-in form (a local site only): any address, a first name, and whether a
 * second factor is to be reported.
 */

export const LOCAL_SIGN_IN_MESSAGES = {
  email: "Enter an e-mail address, like name@company.example.",
  firstName: "Enter a first name.",
  firstNameLength: "Use at most 100 characters.",
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const posted = z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string());

/** What the form posted, as a refused form shows it again: texts trimmed (the address lower-cased), anything else "". */
const localSignInValues = z.object({
  email: posted.transform((value) => value.toLowerCase()),
  firstName: posted,
  /** The tester says a second factor was used: `amr` is ["pwd", "otp"] rather than ["pwd"]. */
  secondFactor: z.preprocess((value) => value === "yes", z.boolean()),
});

export type LocalSignInValues = z.output<typeof localSignInValues>;
export type LocalSignInErrors = Partial<Record<"email" | "firstName", string>>;

export const localSignInSchema = localSignInValues.pipe(
  z.object({
    email: z.string().max(254, LOCAL_SIGN_IN_MESSAGES.email).regex(EMAIL, LOCAL_SIGN_IN_MESSAGES.email),
    firstName: z
      .string()
      .min(1, { error: LOCAL_SIGN_IN_MESSAGES.firstName, abort: true })
      .max(100, LOCAL_SIGN_IN_MESSAGES.firstNameLength),
    secondFactor: z.boolean(),
  }),
);

/** The form's values, and the first problem of each field (none: the sign-in goes ahead). */
export function readLocalSignIn(body: unknown): { values: LocalSignInValues; errors: LocalSignInErrors } {
  const values = localSignInValues.parse(body ?? {});
  const parsed = localSignInSchema.safeParse(body ?? {});
  if (parsed.success) return { values, errors: {} };
  const { fieldErrors } = z.flattenError(parsed.error);
  return { values, errors: { email: fieldErrors.email?.[0], firstName: fieldErrors.firstName?.[0] } };
}
