import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { SearchForm } from "./search-form";

/** What an address an operator has retired (a 410 rule) shows, inside the site's header and footer. */
export function PageRemoved() {
  return (
    <section aria-labelledby="page-removed-title" className="container-page py-20 sm:py-28">
      <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">Error 410</p>
      <h1 id="page-removed-title" className="mt-3 text-3xl font-semibold tracking-tight text-navy-950 sm:text-4xl">
        This page has been removed
      </h1>
      <p className="mt-4 max-w-xl text-lg text-navy-700">
        We have taken this page down on purpose, and it will not be coming back.
      </p>
      <p className="mt-2 max-w-xl text-base text-navy-600">
        What you were looking for may be elsewhere on the site: start from the home page, or search.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/" className={buttonClass("primary", "md")}>
          Go to the home page
        </Link>
        <Link to="/contact" className={buttonClass("secondary", "md")}>
          Contact us
        </Link>
      </div>
      <div className="mt-12">
        <SearchForm />
      </div>
    </section>
  );
}
