import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { SearchForm } from "./search-form";

/**
 * A page that is not there (404) or no longer there (410): the status, a heading, what may have happened,
 * a way home, one other way on, and the site search.
 */
export function StatusNotice({
  id,
  status,
  heading,
  lead,
  detail,
  otherLink,
}: {
  /** The heading's id, which names the section. */
  id: string;
  status: string;
  heading: string;
  lead: ReactNode;
  detail: ReactNode;
  otherLink: { to: string; label: string };
}) {
  return (
    <section aria-labelledby={id} className="container-page py-20 sm:py-28">
      <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">{status}</p>
      <h1 id={id} className="mt-3 text-3xl font-semibold tracking-tight text-navy-950 sm:text-4xl">
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
