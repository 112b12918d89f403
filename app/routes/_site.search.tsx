import { data, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHero } from "~/components/site/page-hero";
import { PageLinks } from "~/components/site/page-links";
import { SearchForm } from "~/components/site/search-form";
import { SearchBusyError } from "~/models/site-search.server";
import {
  MAX_QUERY_LENGTH,
  SEARCH_PAGE_SIZE,
  searchSite,
  type SearchResult,
} from "~/server/site/search.server";
import { requestedPage, withPage, type PageOf } from "~/utils/pagination";
import { SEARCH_PATH, seoHandle, sitePageMeta, type SeoPage } from "~/utils/seo";

const page: SeoPage = {
  path: SEARCH_PATH,
  label: "Search",
  title: "Search",
  description:
    "Search the Kestrel Insight website: our platforms, research, company information, careers, newsroom and policies.",
  noindex: true,
};
export const handle = seoHandle(page);
export const meta = sitePageMeta(page);

export const SEARCH_BUSY_MESSAGE = "Search is busy right now. Please try again in a few seconds.";
const BUSY_RETRY_AFTER_SECONDS = "5";

/**
 * /search?q=: the WebSite SearchAction's target, SEARCH_PAGE_SIZE results a page (`&page=`). A GET form, so
 * it works without JavaScript. A search past its time cap is the search page with a message, answered 503
 * with Retry-After: a 200 would be kept by the page cache (and crawlers) as that query's answer, while the
 * visitor's next try may well succeed.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const query = (search.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  try {
    const { items: results, ...pages } = query
      ? await searchSite(query, { page: requestedPage(search) })
      : NO_RESULTS;
    // The place of the first result shown, in the whole list (11 on page 2).
    const from = (pages.page - 1) * SEARCH_PAGE_SIZE + 1;
    return { query, results, ...pages, from, busy: false };
  } catch (error) {
    if (!(error instanceof SearchBusyError)) throw error;
    return data(
      { query, results: [] as SearchResult[], total: 0, page: 1, pageCount: 1, from: 1, busy: true },
      { status: 503, headers: { "Retry-After": BUSY_RETRY_AFTER_SECONDS, "Cache-Control": "no-store" } },
    );
  }
}

const NO_RESULTS: PageOf<SearchResult> = { items: [], total: 0, page: 1, pageCount: 1 };

/** The layout's headers; a busy answer is never stored, and says when to try again. */
export const headers: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = loaderHeaders.get("Retry-After");
  if (retryAfter) {
    headers.set("Retry-After", retryAfter);
    headers.set("Cache-Control", "no-store");
    headers.delete("CDN-Cache-Control");
  }
  return headers;
};

function Result({ result }: { result: SearchResult }) {
  return (
    <li className="border-t border-navy-200 py-6">
      <p className="text-xs font-semibold tracking-wider text-navy-600 uppercase">
        {result.pageLabel}
        {result.kind === "product" ? " · Platform" : ""}
      </p>
      <h3 className="mt-1 text-subheading font-semibold">
        <Link
          to={result.url}
          className="rounded-sm text-accent-700 underline-offset-4 hover:text-accent-800 hover:underline"
        >
          {result.title}
        </Link>
      </h3>
      <p className="mt-2 text-sm leading-6 text-navy-700">
        {result.snippet.map((part, index) =>
          part.match ? (
            <mark key={index} className="rounded-sm bg-accent-100 px-0.5 text-navy-950">
              {part.text}
            </mark>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
    </li>
  );
}

/** "12 results for “risk”", and which of them this page shows when there is more than one page. */
function resultCount({
  query,
  total,
  pageCount,
  from,
  shown,
}: {
  query: string;
  total: number;
  pageCount: number;
  from: number;
  shown: number;
}): string {
  const count = `${total} ${total === 1 ? "result" : "results"} for “${query}”`;
  return pageCount <= 1 ? count : `${count}, ${from}–${from + shown - 1} shown`;
}

export default function Search() {
  const found = useLoaderData<typeof loader>();
  const { query, results, busy } = found;
  return (
    <>
      <PageHero
        page={page}
        heading="Search"
        intro={<p>Find pages, sections and platforms across the site.</p>}
      />
      <section aria-labelledby="search-results" className="container-page py-12 sm:py-16">
        <SearchForm key={query} defaultValue={query} />
        <div className="mt-10 max-w-3xl">
          <h2 id="search-results" className="text-subheading font-semibold text-navy-950">
            {query ? "Results" : "Start a search"}
          </h2>
          <p role="status" className="mt-2 text-sm text-navy-700">
            {busy
              ? SEARCH_BUSY_MESSAGE
              : query
                ? results.length === 0
                  ? `No results for “${query}”. Try fewer or different words.`
                  : resultCount({ ...found, shown: results.length })
                : "Type a word or two, such as “forecasting”, “Portfolio Manager” or “privacy”."}
          </p>
          {results.length > 0 ? (
            <ol className="mt-6 border-b border-navy-200" start={found.from}>
              {results.map((result) => (
                <Result key={`${result.url}-${result.title}`} result={result} />
              ))}
            </ol>
          ) : null}
          <PageLinks
            label="Search results pages"
            page={found.page}
            pageCount={found.pageCount}
            hrefFor={(n) => withPage(`${SEARCH_PATH}?q=${encodeURIComponent(query)}`, n)}
            before="Previous"
            after="Next"
            className="mt-8"
          />
          {query && results.length === 0 && !busy ? (
            <p className="mt-6 text-sm text-navy-700">
              You can also browse{" "}
              <Link to="/platforms" className="font-medium text-accent-700 underline underline-offset-4">
                our platforms
              </Link>
              ,{" "}
              <Link to="/research" className="font-medium text-accent-700 underline underline-offset-4">
                our research
              </Link>{" "}
              or{" "}
              <Link to="/about" className="font-medium text-accent-700 underline underline-offset-4">
                about the company
              </Link>
              .
            </p>
          ) : null}
        </div>
      </section>
    </>
  );
}
