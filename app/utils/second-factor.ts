/**
 * What a person is told about the second factor a sign-in must show (REQUIRE_MFA): the callback's refusal
 * page and the local identity provider's form. Tests import these so that the words are checked as shown.
 */
export const SECOND_FACTOR_TEXT = {
  title: "A second factor is required",
  required:
    "This site requires a second factor (for example an authenticator app or security key) to sign in to the admin area.",
  notUsed: "Your identity provider says that this sign-in did not use one, so no session was started.",
  whatToDo:
    "Turn on two-step verification for your account at your identity provider, or ask your administrator to, then sign in again.",
  retry: "Sign in again",
  /** The local identity provider's checkbox. */
  localCheckbox: "I used a second factor (for example an authenticator app)",
} as const;
