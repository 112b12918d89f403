/** The pages an e-mail's link opens carry its token: never stored, never sent on as a referrer. */
export const LINK_PAGE_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
