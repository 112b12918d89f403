import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";

export interface SignInNoticeProps {
  title: string;
  children: ReactNode;
  /** Offer to start the sign-in again (links are plain: /api/login is a full-page navigation). */
  retry?: string;
}

/** The small page that the sign-in routes answer with when they cannot complete (400, 403, 429, 503). */
export function SignInNotice({ title, children, retry }: SignInNoticeProps) {
  return (
    <main className="grid min-h-screen place-items-center bg-navy-50 px-4 py-16">
      <section
        aria-labelledby="sign-in-notice-title"
        className="w-full max-w-md rounded-md border border-navy-200 bg-white p-8 shadow-sm"
      >
        <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">Kestrel Insight sign-in</p>
        <h1 id="sign-in-notice-title" className="mt-2 text-2xl font-semibold tracking-tight text-navy-950">
          {title}
        </h1>
        <div className="mt-4 space-y-3 text-base text-navy-700">{children}</div>
        <div className="mt-8 flex flex-wrap gap-3">
          {retry ? (
            <a href="/api/login" className={buttonClass("primary", "md")}>
              {retry}
            </a>
          ) : null}
          <a href="/" className={buttonClass("secondary", "md")}>
            Go to the home page
          </a>
        </div>
      </section>
    </main>
  );
}
