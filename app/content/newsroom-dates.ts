/** Structured-data dates for /newsroom (SPEC section 9), in their own module so the page's handle does not load the copy. */
export const NEWSROOM_PUBLISHED = "2025-01-01";
export const NEWSROOM_MODIFIED = "2025-01-08";
