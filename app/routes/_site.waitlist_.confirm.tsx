import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHero } from "~/components/site/page-hero";
import { WaitlistNotice } from "~/components/site/waitlist-notice";
import { buttonClass } from "~/components/ui/button";
import { confirmWaitlist, entryToConfirm } from "~/models/waitlist.server";
import { waitlistTokenSchema } from "~/schemas/waitlist";
import { readFormData } from "~/server/forms/form-data.server";
import { seoHandle, sitePageMeta, type SeoPage } from "~/utils/seo";
import { CONFIRMED_TEXT, LINK_DEAD_TEXT } from "~/utils/waitlist";

export const WAITLIST_CONFIRM_PAGE: SeoPage = {
  path: "/waitlist/confirm",
  label: "Confirm",
  title: "Confirm your place on the waitlist",
  description: "Confirm your e-mail address for the Kestrel Insight waitlist.",
  noindex: true,
  parents: [{ label: "Waitlist", path: "/waitlist" }],
};
export const handle = seoHandle(WAITLIST_CONFIRM_PAGE);
export const meta = sitePageMeta(WAITLIST_CONFIRM_PAGE);

const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

/**
 * The e-mail's link opens this page; it does not confirm by itself (mail scanners open links too): the
 * Confirm button posts.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = waitlistTokenSchema.safeParse({
    token: new URL(request.url).searchParams.get("token") ?? "",
  });
  const valid = parsed.success && (await entryToConfirm(parsed.data.token)) !== null;
  return data(
    { token: valid && parsed.success ? parsed.data.token : null },
    { headers: PRIVATE, status: valid ? 200 : 404 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const parsed = waitlistTokenSchema.safeParse({
    token: form.get("token") ?? new URL(request.url).searchParams.get("token") ?? "",
  });
  const confirmed = parsed.success && (await confirmWaitlist(parsed.data.token));
  return data({ confirmed }, { headers: PRIVATE, status: confirmed ? 200 : 404 });
}

export default function ConfirmWaitlist() {
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <PageHero
        page={WAITLIST_CONFIRM_PAGE}
        eyebrow="Waitlist"
        heading="Confirm your place on the waitlist"
      />
      <section aria-label="Confirmation" className="container-page py-14 sm:py-20">
        <div className="max-w-2xl rounded-lg border border-navy-200 bg-white p-5 sm:p-8">
          {answer ? (
            <WaitlistNotice ok={answer.confirmed} text={answer.confirmed ? CONFIRMED_TEXT : LINK_DEAD_TEXT} />
          ) : token ? (
            <form method="post" className="grid gap-4">
              <input type="hidden" name="token" value={token} />
              <p className="text-navy-800">
                Press Confirm to confirm your e-mail address and your place on the waitlist.
              </p>
              <div>
                <button type="submit" className={buttonClass("primary", "md", "min-w-36")}>
                  Confirm
                </button>
              </div>
            </form>
          ) : (
            <WaitlistNotice ok={false} text={LINK_DEAD_TEXT} />
          )}
        </div>
      </section>
    </>
  );
}
