import { waitlistTokenOf } from "~/schemas/waitlist";
import { readFormData } from "~/server/forms/form-data.server";

/** The pages an e-mail's link opens carry its token: never stored, never sent on as a referrer. */
export const LINK_PAGE_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

/** A link page's headers, and a 404 when the link does not work (any more). */
export function linkPageInit(works: boolean) {
  return { headers: LINK_PAGE_HEADERS, status: works ? 200 : 404 };
}

/** The token in the link's own URL, if it is one. */
export function linkToken(request: Request): string | null {
  return waitlistTokenOf(new URL(request.url).searchParams.get("token"));
}

/**
 * A link page's post: `act` on the token the form posts, or on the link's own. When the URL's token counts
 * is the difference between the pages: "form has none" (a form token that is not one is refused), or
 * "form's is not valid" (it gives way to the URL's, as in the one-click posts of RFC 8058).
 * False, and nothing done, without a token.
 */
export async function actOnPostedToken(
  request: Request,
  urlTokenWhen: "form has none" | "form's is not valid",
  act: (token: string) => Promise<boolean>,
): Promise<boolean> {
  const posted = (await readFormData(request)).get("token");
  const token =
    urlTokenWhen === "form has none"
      ? waitlistTokenOf(posted ?? new URL(request.url).searchParams.get("token"))
      : (waitlistTokenOf(posted) ?? linkToken(request));
  return token !== null && (await act(token));
}
