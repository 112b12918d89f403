import { rateLimitSubject } from "~/models/rate-limit.server";
import { allowJoinFrom, joinWaitlist, resolvePlatforms } from "~/models/waitlist.server";
import type { WaitlistInput } from "~/schemas/waitlist";
import { WAITLIST_MESSAGES } from "~/schemas/waitlist";

export type JoinAnswer =
  | { status: "accepted" }
  | { status: "rate_limited"; retryAfter: number }
  | { status: "invalid"; field: "platforms"; message: string };

/**
 * A join from the form or the API, once its input is valid: the client's rate limit, the platforms checked
 * against the products store, then the entry. "accepted" whatever the address's state was (new, pending,
 * confirmed, unsubscribed, or past its own limit of e-mails): no one can learn who is on the list.
 */
export async function joinFrom(input: WaitlistInput, clientAddress: string): Promise<JoinAnswer> {
  const limit = await allowJoinFrom(rateLimitSubject(clientAddress));
  if (!limit.allowed) return { status: "rate_limited", retryAfter: limit.retryAfter };
  const platforms = await resolvePlatforms(input.platforms);
  if (!platforms || platforms.length === 0)
    return { status: "invalid", field: "platforms", message: WAITLIST_MESSAGES.platforms };
  await joinWaitlist({ email: input.email, firstName: input.firstName, platforms });
  return { status: "accepted" };
}
