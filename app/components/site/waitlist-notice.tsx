import { PageHero } from "~/components/site/page-hero";
import { buttonClass } from "~/components/ui/button";
import { CheckIcon } from "~/components/ui/icons";
import type { SeoPage } from "~/utils/seo";

/** The answer of a waitlist link (confirmed, unsubscribed, or a link that no longer works). */
export function WaitlistNotice({ ok, text }: { ok: boolean; text: string }) {
  return ok ? (
    <div
      role="status"
      className="flex items-start gap-3 rounded-md border border-accent-600 bg-accent-50 p-4 text-accent-900"
    >
      <CheckIcon className="mt-0.5 size-5 shrink-0" />
      <p className="font-medium">{text}</p>
    </div>
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

/**
 * The page an e-mail's link opens (confirm, unsubscribe): one button that posts the token, since a GET must
 * change nothing (mail scanners open links); then the answer, or the dead link's text.
 */
export function WaitlistLinkPage({
  page,
  token,
  answer,
  prompt,
  button,
  deadText,
}: {
  page: SeoPage;
  token: string | null;
  /** The post's outcome, once the button was pressed. */
  answer: { ok: boolean; text: string } | undefined;
  prompt: string;
  button: string;
  deadText: string;
}) {
  return (
    <>
      <PageHero page={page} eyebrow="Waitlist" heading={page.title} />
      <section aria-label={page.label} className="container-page py-14 sm:py-20">
        <div className="max-w-2xl rounded-lg border border-navy-200 bg-white p-5 sm:p-8">
          {answer ? (
            <WaitlistNotice ok={answer.ok} text={answer.text} />
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
