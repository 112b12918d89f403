import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { CONSENT_DISMISSED, isConsentChoice } from "~/utils/consent";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import {
  consentReturnTo,
  consentSetCookie,
  countConsentChoice,
  recordChoice,
} from "~/server/forms/consent.server";
import { readFormData } from "~/server/forms/form-data.server";
import type { ConsentAction, ConsentHow } from "~/models/consent-records.server";

/** The withdraw button of the cookie settings: a record of its own; the cookie says "declined". */
export const CONSENT_WITHDRAWN = "withdrawn";

const ACTIONS: Record<string, ConsentAction> = {
  accepted: "accept",
  declined: "decline",
  [CONSENT_WITHDRAWN]: "withdraw",
};

/**
 * The cookie banner and the cookie settings: they post `choice` ("accepted", "declined", "withdrawn", or
 * "dismissed" from the close icon), `returnTo` and `source` ("banner", the default, or "cookies-page").
 * Every choice (not the close icon) is stored as one consent record before the answer; the choice and the
 * record's id go into the consent cookies. Without JavaScript the visitor comes back to the same page; the
 * page's script posts with `js=1` and gets 204 (it has already applied the choice).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const limited = await countConsentChoice(context.clientAddress);
  if (!limited.allowed) {
    return new Response(RATE_LIMIT_MESSAGE, {
      status: 429,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Retry-After": String(limited.retryAfter),
        "Cache-Control": "no-store",
      },
    });
  }
  const form = await readFormData(request);
  const choice = form.get("choice");
  const script = form.get("js") === "1";
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (choice === CONSENT_DISMISSED) {
    headers.append("Set-Cookie", consentSetCookie(CONSENT_DISMISSED));
  } else if (isConsentChoice(choice) || choice === CONSENT_WITHDRAWN) {
    const how: ConsentHow =
      form.get("source") === "cookies-page" ? "cookies-page" : script ? "banner-js" : "banner-no-js";
    const { setCookies } = await recordChoice(request, ACTIONS[choice]!, how);
    for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  } else {
    return new Response("Choose Accept or Decline.", {
      status: 400,
      headers: { "Content-Type": "text/plain" },
    });
  }
  if (script) return new Response(null, { status: 204, headers });
  return redirect(consentReturnTo(form.get("returnTo")), { status: 303, headers });
}

/** Nothing to show here: the settings live on the cookie policy. */
export function loader() {
  return redirect("/cookies#cookie-settings");
}
