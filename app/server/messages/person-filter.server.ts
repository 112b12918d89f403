import { z } from "zod";

/** `?email=` on the inbox: one person's messages. */
export interface PersonFilter {
  /** The address to find, lowercased; null for the whole inbox (none asked for, or not an address). */
  email: string | null;
  /** As typed, for the search field. */
  typed: string;
  error: string | null;
}

export const PERSON_EMAIL_MESSAGE = "Please enter a valid email address";

export function personFilter(search: URLSearchParams): PersonFilter {
  const typed = (search.get("email") ?? "").trim().slice(0, 254);
  if (typed === "") return { email: null, typed, error: null };
  return z.email().safeParse(typed).success
    ? { email: typed.toLowerCase(), typed, error: null }
    : { email: null, typed, error: PERSON_EMAIL_MESSAGE };
}
