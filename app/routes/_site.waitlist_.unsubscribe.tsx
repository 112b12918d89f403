import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHero } from "~/components/site/page-hero";
import { WaitlistNotice } from "~/components/site/waitlist-notice";
import { buttonClass } from "~/components/ui/button";
import { unsubscribeWaitlist } from "~/models/waitlist.server";
import { waitlistTokenSchema } from "~/schemas/waitlist";
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

function tokenOf(value: unknown): string | null {
  const parsed = waitlistTokenSchema.safeParse({ token: typeof value === "string" ? value : "" });
  return parsed.success ? parsed.data.token : null;
}

/** The e-mail's link: a page with one button (a GET changes nothing: mail scanners open links). */
export function loader({ request }: LoaderFunctionArgs) {
  return data({ token: tokenOf(new URL(request.url).searchParams.get("token")) }, { headers: PRIVATE });
}

/**
 * The button's post, and the one-click POST of RFC 8058 that mail clients send to the List-Unsubscribe
 * URL (the token in the URL, "List-Unsubscribe=One-Click" in the body): unsubscribed at once, no further step.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const token = tokenOf(form.get("token")) ?? tokenOf(new URL(request.url).searchParams.get("token"));
  const done = token !== null && (await unsubscribeWaitlist(token));
  return data({ unsubscribed: done }, { headers: PRIVATE, status: done ? 200 : 404 });
}

export default function UnsubscribeWaitlist() {
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <PageHero page={WAITLIST_UNSUBSCRIBE_PAGE} eyebrow="Waitlist" heading="Unsubscribe from the waitlist" />
      <section aria-label="Unsubscribe" className="container-page py-14 sm:py-20">
        <div className="max-w-2xl rounded-lg border border-navy-200 bg-white p-5 sm:p-8">
          {answer ? (
            <WaitlistNotice
              ok={answer.unsubscribed}
              text={answer.unsubscribed ? UNSUBSCRIBED_TEXT : UNKNOWN_LINK_TEXT}
            />
          ) : token ? (
            <form method="post" className="grid gap-4">
              <input type="hidden" name="token" value={token} />
              <p className="text-navy-800">
                Press Unsubscribe and we will not e-mail you about the waitlist again.
              </p>
              <div>
                <button type="submit" className={buttonClass("primary", "md", "min-w-36")}>
                  Unsubscribe
                </button>
              </div>
            </form>
          ) : (
            <WaitlistNotice ok={false} text={UNKNOWN_LINK_TEXT} />
          )}
        </div>
      </section>
    </>
  );
}
