import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHero } from "~/components/site/page-hero";
import { buttonClass } from "~/components/ui/button";
import type { SeoPage } from "~/utils/seo";
import { CONFIRMED_TEXT, LINK_DEAD_TEXT, UNKNOWN_LINK_TEXT, UNSUBSCRIBED_TEXT } from "~/utils/waitlist";
import { WaitlistDonePanel } from "./waitlist-form";

/** The answer of a waitlist link (confirmed, unsubscribed, or a link that no longer works). */
export function WaitlistNotice({ ok, text }: { ok: boolean; text: string }) {
  return ok ? (
    <WaitlistDonePanel text={text} />
  ) : (
    <div role="status" className="grid gap-3 rounded-md border border-navy-200 bg-navy-50 p-4 text-navy-900">
      <p className="font-medium">{text}</p>
      <p>
        <a
          href="/waitlist"
          className="font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800"
        >
          Join the waitlist
        </a>
      </p>
    </div>
  );
}

/** An e-mail link's page as search engines and the breadcrumbs see it: never indexed, under Waitlist. */
function waitlistLinkSeoPage(
  page: Pick<SeoPage, "path" | "label" | "title" | "description">,
): SeoPage {
  return { ...page, noindex: true, parents: [{ label: "Waitlist", path: "/waitlist" }] };
}

/** What the page of an e-mail's link says. */
export interface WaitlistLink {
  page: SeoPage;
  /** The key of its action's answer: whether the post confirmed, or unsubscribed. */
  answer: "confirmed" | "unsubscribed";
  prompt: string;
  button: string;
  doneText: string;
  /** A link that does not work (any more): on opening it, or as the post's outcome. */
  deadText: string;
}

/** The pages of the two links a waitlist e-mail carries. */
export const WAITLIST_LINKS = {
  confirm: {
    page: waitlistLinkSeoPage({
      path: "/waitlist/confirm",
      label: "Confirm",
      title: "Confirm your place on the waitlist",
      description: "Confirm your e-mail address for the Kestrel Insight waitlist.",
    }),
    answer: "confirmed",
    prompt: "Press Confirm to confirm your e-mail address and your place on the waitlist.",
    button: "Confirm",
    doneText: CONFIRMED_TEXT,
    deadText: LINK_DEAD_TEXT,
  },
  unsubscribe: {
    page: waitlistLinkSeoPage({
      path: "/waitlist/unsubscribe",
      label: "Unsubscribe",
      title: "Unsubscribe from the waitlist",
      description: "Unsubscribe from the Kestrel Insight waitlist.",
    }),
    answer: "unsubscribed",
    prompt: "Press Unsubscribe and we will not e-mail you about the waitlist again.",
    button: "Unsubscribe",
    doneText: UNSUBSCRIBED_TEXT,
    deadText: UNKNOWN_LINK_TEXT,
  },
} satisfies Record<string, WaitlistLink>;

/**
 * The page an e-mail's link opens (confirm, unsubscribe): one button that posts the token, since a GET must
 * change nothing (mail scanners open links); then the answer, or the dead link's text. Its route's loader
 * gives the link's token (null when it does not work), and its action the outcome under `link.answer`.
 */
export function WaitlistLinkPage({ link }: { link: WaitlistLink }) {
  const { page, prompt, button, doneText, deadText } = link;
  const { token } = useLoaderData<{ token: string | null }>();
  const done = useActionData<Partial<Record<WaitlistLink["answer"], boolean>>>()?.[link.answer];
  return (
    <>
      <PageHero page={page} eyebrow="Waitlist" heading={page.title} />
      <section aria-label={page.label} className="container-page py-14 sm:py-20">
        <div className="max-w-2xl rounded-lg border border-navy-200 bg-white p-5 sm:p-8">
          {done !== undefined ? (
            <WaitlistNotice ok={done} text={done ? doneText : deadText} />
          ) : token ? (
            <form method="post" className="grid gap-4">
              <input type="hidden" name="token" value={token} />
              <p className="text-navy-800">{prompt}</p>
              <div>
                <button type="submit" className={buttonClass("primary", "md", "min-w-36")}>
                  {button}
                </button>
              </div>
            </form>
          ) : (
            <WaitlistNotice ok={false} text={deadText} />
          )}
        </div>
      </section>
    </>
  );
}
