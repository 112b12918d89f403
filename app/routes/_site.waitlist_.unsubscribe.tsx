import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { WaitlistLinkPage } from "~/components/site/waitlist-notice";
import { unsubscribeWaitlist } from "~/models/waitlist.server";
import { waitlistTokenOf } from "~/schemas/waitlist";
import { readFormData } from "~/server/forms/form-data.server";
import { seoHandle, sitePageMeta, type SeoPage } from "~/utils/seo";
import { UNKNOWN_LINK_TEXT, UNSUBSCRIBED_TEXT } from "~/utils/waitlist";

export const WAITLIST_UNSUBSCRIBE_PAGE: SeoPage = {
  path: "/waitlist/unsubscribe",
  label: "Unsubscribe",
  title: "Unsubscribe from the waitlist",
  description: "Unsubscribe from the Kestrel Insight waitlist.",
  noindex: true,
  parents: [{ label: "Waitlist", path: "/waitlist" }],
};
export const handle = seoHandle(WAITLIST_UNSUBSCRIBE_PAGE);
export const meta = sitePageMeta(WAITLIST_UNSUBSCRIBE_PAGE);

const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

/** The e-mail's link: a page with one button (a GET changes nothing: mail scanners open links). */
export function loader({ request }: LoaderFunctionArgs) {
  return data(
    { token: waitlistTokenOf(new URL(request.url).searchParams.get("token")) },
    { headers: PRIVATE },
  );
}

/**
 * The button's post, and the one-click POST of RFC 8058 that mail clients send to the List-Unsubscribe
 * URL (the token in the URL, "List-Unsubscribe=One-Click" in the body): unsubscribed at once, no further step.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const token =
    waitlistTokenOf(form.get("token")) ?? waitlistTokenOf(new URL(request.url).searchParams.get("token"));
  const done = token !== null && (await unsubscribeWaitlist(token));
  return data({ unsubscribed: done }, { headers: PRIVATE, status: done ? 200 : 404 });
}

export default function UnsubscribeWaitlist() {
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <WaitlistLinkPage
      page={WAITLIST_UNSUBSCRIBE_PAGE}
      token={token}
      answer={
        answer && {
          ok: answer.unsubscribed,
          text: answer.unsubscribed ? UNSUBSCRIBED_TEXT : UNKNOWN_LINK_TEXT,
        }
      }
      prompt="Press Unsubscribe and we will not e-mail you about the waitlist again."
      button="Unsubscribe"
      deadText={UNKNOWN_LINK_TEXT}
    />
  );
}
