import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { WaitlistLinkPage, waitlistLinkSeoPage } from "~/components/site/waitlist-notice";
import { confirmWaitlist, entryToConfirm } from "~/models/waitlist.server";
import { waitlistTokenOf } from "~/schemas/waitlist";
import { readFormData } from "~/server/forms/form-data.server";
import { LINK_PAGE_HEADERS } from "~/server/waitlist/link-page.server";
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
  const token = waitlistTokenOf(new URL(request.url).searchParams.get("token"));
  const valid = token !== null && (await entryToConfirm(token)) !== null;
  return data({ token: valid ? token : null }, { headers: LINK_PAGE_HEADERS, status: valid ? 200 : 404 });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const token = waitlistTokenOf(form.get("token") ?? new URL(request.url).searchParams.get("token"));
  const confirmed = token !== null && (await confirmWaitlist(token));
  return data({ confirmed }, { headers: LINK_PAGE_HEADERS, status: confirmed ? 200 : 404 });
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
