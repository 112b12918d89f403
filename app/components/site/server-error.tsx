import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { ContactLink } from "./contact-link";

/**
 * What a visitor sees when something fails on our side: calm, with a way forward. The technical detail
 * is shown only in development.
 */
export function ServerError({ detail }: { detail?: string }) {
  return (
    <section aria-labelledby="error-title" className="container-page py-20 sm:py-28">
      <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">Something went wrong</p>
      <h1 id="error-title" className="mt-3 text-title font-semibold text-navy-950">
        We could not show this page
      </h1>
      <p className="mt-4 max-w-xl text-lg text-navy-700">
        This is a problem on our side, not yours. Please try again in a moment. If it keeps happening, let us
        know and we will look into it.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/" reloadDocument className={buttonClass("primary", "md")}>
          Go to the home page
        </Link>
        <ContactLink subject="General Inquiry" className={buttonClass("secondary", "md")}>
          Contact us
        </ContactLink>
      </div>
      {detail ? (
        <pre className="mt-10 max-w-full overflow-x-auto rounded-md border border-navy-200 bg-navy-50 p-4 text-xs text-navy-800">
          {detail}
        </pre>
      ) : null}
    </section>
  );
}
