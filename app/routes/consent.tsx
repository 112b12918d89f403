import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isConsentCookieValue } from "~/utils/consent";
import { consentReturnTo, consentSetCookie } from "~/server/forms/consent.server";
import { readFormData } from "~/server/forms/form-data.server";

/**
 * The cookie banner and the cookie settings without JavaScript: they post `choice` ("accepted",
 * "declined", or "dismissed" from the close icon) and `returnTo`; the choice goes into the consent cookie
 * and the visitor comes back to the same page.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const choice = form.get("choice");
  if (!isConsentCookieValue(choice)) {
    return new Response("Choose Accept or Decline.", { status: 400, headers: { "Content-Type": "text/plain" } });
  }
  return redirect(consentReturnTo(form.get("returnTo")), {
    status: 303,
    headers: { "Set-Cookie": consentSetCookie(choice), "Cache-Control": "no-store" },
  });
}

/** Nothing to show here: the settings live on the cookie policy. */
export function loader() {
  return redirect("/cookies#cookie-settings");
}
