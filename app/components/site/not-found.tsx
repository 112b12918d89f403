import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { SearchForm } from "./search-form";

/** The not-found page's content (SPEC 2's heading and text), for unknown paths and thrown 404s alike. */
export function NotFound() {
  return (
    <section aria-labelledby="not-found-title" className="container-page py-20 sm:py-28">
      <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">Error 404</p>
      <h1 id="not-found-title" className="mt-3 text-3xl font-semibold tracking-tight text-navy-950 sm:text-4xl">
        404 Page Not Found
      </h1>
      <p className="mt-4 max-w-xl text-lg text-navy-700">Did you forget to add the page to the router?</p>
      <p className="mt-2 max-w-xl text-base text-navy-600">
        The address may be mistyped, or the page may have moved. Try the home page, or search the site.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/" className={buttonClass("primary", "md")}>
          Go to the home page
        </Link>
        <Link to="/platforms" className={buttonClass("secondary", "md")}>
          See our platforms
        </Link>
      </div>
      <div className="mt-12">
        <SearchForm />
      </div>
    </section>
  );
}
