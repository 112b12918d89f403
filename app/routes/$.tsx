import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NotFound } from "~/components/site/not-found";
import { PageRemoved } from "~/components/site/page-removed";
import { SiteServices } from "~/components/site/site-services";
import { SiteShell } from "~/components/site/site-shell";
import { company } from "~/content/company";
import { mergeMeta, PAGE_REMOVED_TITLE, parentMeta } from "~/utils/seo";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";
import { loadSiteLayout } from "~/server/site/site-layout.server";
import { loadSiteServices } from "~/server/site/site-services.server";
import { noteMissingAddress } from "~/server/site/missing-addresses.server";

/**
 * Any path no route claims: the not-found page with status 404, inside the public header and footer
 * (with the contact dialog and cookie banner, as on every public page), counted in the 404 log; or, for
 * an address an operator retired with a 410 rule, the removed-page notice with status 410.
 * (A 404 thrown by a route, such as an admin page for a signed-out visitor, renders the same view
 * through the root ErrorBoundary.)
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [{ layout, site, signedIn }, services] = await Promise.all([loadSiteLayout(request), loadSiteServices(request)]);
  // An operator's 410 rule: the address was retired on purpose. (A data request for a redirected address
  // is answered by entry.server; it is not a miss either.)
  const removed = context.redirect?.statusCode === 410;
  if (!context.redirect) noteMissingAddress(request);
  return data(
    { layout, site, services, removed },
    { status: removed ? 410 : 404, headers: { "Cache-Control": signedIn ? PRIVATE_NO_STORE : "no-cache" } },
  );
}

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

export const meta: MetaFunction<typeof loader> = ({ data: notFound, matches }) =>
  mergeMeta(parentMeta(matches), [
    {
      title: `${notFound?.removed ? PAGE_REMOVED_TITLE : "404 Page Not Found"} | ${notFound?.site.brand ?? company.shortName}`,
    },
    { name: "robots", content: "noindex" },
  ]);

export default function NotFoundRoute() {
  const { layout, services, removed } = useLoaderData<typeof loader>();
  return (
    <SiteServices {...services}>
      <SiteShell layout={layout}>
        {removed ? <PageRemoved /> : <NotFound />}
      </SiteShell>
    </SiteServices>
  );
}
