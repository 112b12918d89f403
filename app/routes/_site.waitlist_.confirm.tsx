import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { WaitlistLinkPage, waitlistLinkSeoPage } from "~/components/site/waitlist-notice";
import { confirmWaitlist, entryToConfirm } from "~/models/waitlist.server";
import { actOnPostedToken, linkPageInit, linkToken } from "~/server/waitlist/link-page.server";
import { seoHandle, sitePageMeta } from "~/utils/seo";
import { CONFIRMED_TEXT, LINK_DEAD_TEXT } from "~/utils/waitlist";

export const WAITLIST_CONFIRM_PAGE = waitlistLinkSeoPage({
  path: "/waitlist/confirm",
  label: "Confirm",
  title: "Confirm your place on the waitlist",
  description: "Confirm your e-mail address for the Kestrel Insight waitlist.",
});
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
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <WaitlistLinkPage
      page={WAITLIST_CONFIRM_PAGE}
      token={token}
      done={answer?.confirmed}
      prompt="Press Confirm to confirm your e-mail address and your place on the waitlist."
      button="Confirm"
      doneText={CONFIRMED_TEXT}
      deadText={LINK_DEAD_TEXT}
    />
  );
}
