import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useMatches } from "@remix-run/react";
import { JsonLd } from "~/components/site/json-ld";
import { PageRemoved } from "~/components/site/page-removed";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";
import { SiteServices } from "~/components/site/site-services";
import { SiteShell } from "~/components/site/site-shell";
import type { PageRiskWarning } from "~/utils/risk-warnings";
import { leafSiteHandle, mergeMeta, parentMeta, siteMeta, structuredData } from "~/utils/seo";
import { loadSiteLayout, responseHeadersFor } from "~/server/site/site-layout.server";
import { loadSiteServices } from "~/server/site/site-services.server";

/**
 * The public layout: header, main, footer. Its loader reads the active header and footer menus and the
 * company and SEO settings through the models, so an operator's change shows on the next request.
 * Each page route exports `handle = seoHandle(page, structured?)` (for the JSON-LD rendered here) and
 * `meta = sitePageMeta(page)` (its tags merged over these site-wide ones).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [{ layout, site, signedIn }, services] = await Promise.all([loadSiteLayout(request), loadSiteServices(request)]);
  // An operator retired this page with a 410 rule: the layout shows the removed-page notice instead.
  const removed = context.redirect?.statusCode === 410;
  return data(
    { layout, site, signedIn, services, removed },
    removed
      ? { status: 410, headers: { "Cache-Control": signedIn ? PRIVATE_NO_STORE : "no-cache" } }
      : { headers: responseHeadersFor(signedIn) },
  );
}

/** Pages under this layout inherit its headers: a signed-in operator's pages are private, no-store. */
export const headers: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const name of ["Cache-Control", "CDN-Cache-Control"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

export const meta: MetaFunction<typeof loader> = ({ data: layoutData, matches }) =>
  mergeMeta(parentMeta(matches), layoutData ? siteMeta(layoutData.site) : []);

/** The warnings the page's own loader listed (a page promoting high-risk products), or none. */
function leafRiskWarnings(matches: ReturnType<typeof useMatches>): PageRiskWarning[] {
  const data = matches[matches.length - 1]?.data as { riskWarnings?: PageRiskWarning[] } | undefined;
  return data && typeof data === "object" && Array.isArray(data.riskWarnings) ? data.riskWarnings : [];
}

export default function SiteLayout() {
  const { layout, site, services, removed } = useLoaderData<typeof loader>();
  const matches = useMatches();
  const handle = leafSiteHandle(matches);
  const riskWarnings = removed ? [] : leafRiskWarnings(matches);
  return (
    <SiteServices {...services}>
      <SiteShell layout={layout} riskWarnings={riskWarnings}>
        {removed ? <PageRemoved /> : <Outlet />}
        {handle && !removed ? <JsonLd data={structuredData(site, handle.seo, handle.structured)} /> : null}
      </SiteShell>
    </SiteServices>
  );
}
