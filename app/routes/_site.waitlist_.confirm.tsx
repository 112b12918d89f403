import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { WAITLIST_LINKS, WaitlistLinkPage } from "~/components/site/waitlist-notice";
import { confirmWaitlist, entryToConfirm } from "~/models/waitlist.server";
import { actOnPostedToken, linkPageInit, linkToken } from "~/server/waitlist/link-page.server";
import { seoHandle, sitePageMeta } from "~/utils/seo";

export const WAITLIST_CONFIRM_PAGE = WAITLIST_LINKS.confirm.page;
export const handle = seoHandle(WAITLIST_CONFIRM_PAGE);
export const meta = sitePageMeta(WAITLIST_CONFIRM_PAGE);

/**
 * The e-mail's link opens this page; it does not confirm by itself (mail scanners open links too): the
 * Confirm button posts.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = linkToken(request);
  const valid = token !== null && (await entryToConfirm(token)) !== null;
  return data({ token: valid ? token : null }, linkPageInit(valid));
}

export async function action({ request }: ActionFunctionArgs) {
  const confirmed = await actOnPostedToken(request, "form has none", confirmWaitlist);
  return data({ confirmed }, linkPageInit(confirmed));
}

export default function ConfirmWaitlist() {
  return <WaitlistLinkPage link={WAITLIST_LINKS.confirm} />;
}
