import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { SearchForm } from "./search-form";

/** What each notice says: SPEC 2's not-found page, and a page an operator retired with a 410 rule. */
const NOTICES = {
  404: {
    id: "not-found-title",
    heading: "404 Page Not Found",
    lead: "Did you forget to add the page to the router?",
    detail: "The address may be mistyped, or the page may have moved. Try the home page, or search the site.",
    otherLink: { to: "/platforms", label: "See our platforms" },
  },
  410: {
    id: "page-removed-title",
    heading: "This page has been removed",
    lead: "We have taken this page down on purpose, and it will not be coming back.",
    detail: "What you were looking for may be elsewhere on the site: start from the home page, or search.",
    otherLink: { to: "/contact", label: "Contact us" },
  },
} as const;

/**
 * A page that is not there (404) or no longer there (410): the status, a heading, what may have happened,
 * a way home, one other way on, and the site search.
 */
export function StatusNotice({ code }: { code: keyof typeof NOTICES }) {
  const { id, heading, lead, detail, otherLink } = NOTICES[code];
  return (
    <section aria-labelledby={id} className="container-page py-20 sm:py-28">
      <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">Error {code}</p>
      <h1 id={id} className="mt-3 text-title font-semibold text-navy-950">
        {heading}
      </h1>
      <p className="mt-4 max-w-xl text-lg text-navy-700">{lead}</p>
      <p className="mt-2 max-w-xl text-base text-navy-600">{detail}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/" className={buttonClass("primary", "md")}>
          Go to the home page
        </Link>
        <Link to={otherLink.to} className={buttonClass("secondary", "md")}>
          {otherLink.label}
        </Link>
      </div>
      <div className="mt-12">
        <SearchForm />
      </div>
    </section>
  );
}
