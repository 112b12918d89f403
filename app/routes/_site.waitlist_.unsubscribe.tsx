import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { WAITLIST_LINKS, WaitlistLinkPage } from "~/components/site/waitlist-notice";
import { unsubscribeWaitlist } from "~/models/waitlist.server";
import {
  actOnPostedToken,
  LINK_PAGE_HEADERS,
  linkPageInit,
  linkToken,
} from "~/server/waitlist/link-page.server";
import { seoHandle, sitePageMeta } from "~/utils/seo";

export const WAITLIST_UNSUBSCRIBE_PAGE = WAITLIST_LINKS.unsubscribe.page;
export const handle = seoHandle(WAITLIST_UNSUBSCRIBE_PAGE);
export const meta = sitePageMeta(WAITLIST_UNSUBSCRIBE_PAGE);

/** The e-mail's link: a page with one button (a GET changes nothing: mail scanners open links). */
export function loader({ request }: LoaderFunctionArgs) {
  return data({ token: linkToken(request) }, { headers: LINK_PAGE_HEADERS });
}

/**
 * The button's post, and the one-click POST of RFC 8058 that mail clients send to the List-Unsubscribe
 * URL (the token in the URL, "List-Unsubscribe=One-Click" in the body): unsubscribed at once, no further step.
 */
export async function action({ request }: ActionFunctionArgs) {
  const unsubscribed = await actOnPostedToken(request, "form's is not valid", unsubscribeWaitlist);
  return data({ unsubscribed }, linkPageInit(unsubscribed));
}

export default function UnsubscribeWaitlist() {
  return <WaitlistLinkPage link={WAITLIST_LINKS.unsubscribe} />;
}
