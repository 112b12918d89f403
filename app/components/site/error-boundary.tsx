import type { MetaDescriptor } from "@remix-run/node";
import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { company } from "~/content/company";
import type { loader as siteLoader } from "~/routes/_site";
import { fallbackLayout } from "~/utils/site-layout";
import { NotFound } from "./not-found";
import { ServerError } from "./server-error";
import { SiteServices } from "./site-services";
import { SiteShell } from "./site-shell";

function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}

/**
 * The root error boundary: a thrown 404 (an unknown admin page for a signed-out visitor, a missing
 * record) shows the not-found page; anything else a calm error page, with details only in development.
 * The public header and footer come from the layout's data when it loaded, or the content defaults.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  const site = useRouteLoaderData<typeof siteLoader>("routes/_site");
  const page = (
    <SiteShell layout={site?.layout ?? fallbackLayout()}>
      {isNotFound(error) ? <NotFound /> : <ServerError detail={import.meta.env.DEV ? describe(error) : undefined} />}
    </SiteShell>
  );
  return site ? <SiteServices {...site.services}>{page}</SiteServices> : page;
}

/** The root's meta when an error page is shown: a title, and no indexing. */
export function rootErrorMeta(error: unknown): MetaDescriptor[] {
  if (!error) return [];
  const title = isNotFound(error) ? "404 Page Not Found" : "Something went wrong";
  return [{ title: `${title} | ${company.shortName}` }, { name: "robots", content: "noindex" }];
}
