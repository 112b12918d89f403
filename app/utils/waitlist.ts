/** What a visitor is told once they have asked to join: the same whatever their address's state. */
export const WAITLIST_SENT =
  "Thank you. Please check your e-mail: if this address is not yet confirmed, we have sent it a link to confirm your place. The link works for 7 days.";

export const CONFIRMED_TEXT =
  "Your place on the waitlist is confirmed. We will e-mail you when it opens, and nothing else.";
export const LINK_DEAD_TEXT =
  "This link has expired or has already been used. You can join the waitlist again to get a new one.";
export const UNSUBSCRIBED_TEXT = "You are unsubscribed. We will not e-mail you about the waitlist again.";
export const UNKNOWN_LINK_TEXT =
  "This unsubscribe link is not valid. If you copied it from an e-mail, check that it is complete.";

/** The statuses of a waitlist entry, as the admin's filter offers them (the same as the table's). */
export const WAITLIST_STATUS_OPTIONS = ["pending", "confirmed", "unsubscribed"] as const;
