import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AdminErrorBoundary, adminSessionWasSeen } from "~/components/admin/admin-error-boundary";
import { RootErrorBoundary, rootErrorMeta } from "~/components/site/error-boundary";
import { PromotionPreviewBanner, PromotionPreviewSlot } from "~/components/site/promotion-preview-banner";
import { Toaster } from "~/components/ui/toast";
import stylesheet from "~/styles/app.css?url";
import brandFont from "~/styles/fonts/public-sans-latin-400-700.woff2?url";
import { useHydrated } from "~/utils/hydrated";
import { useNonce } from "~/utils/nonce";
import { refreshOf } from "~/utils/refresh";
import { readToast } from "~/server/forms/toast.server";

export const links: LinksFunction = () => [
  // The brand typeface is fetched with the stylesheet, not after it: the headings are the largest paint.
  { rel: "preload", href: brandFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { toast, clear } = await readToast(request);
  // Only an approver's preview says so: every other page's data stays as it was.
  const body: { toast: typeof toast; promotionPreview?: { backTo: string } } = context.promotionPreview
    ? { toast, promotionPreview: context.promotionPreview }
    : { toast };
  return data(body, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  const refresh = refreshOf(useMatches().map((match) => match.handle));
  // Marks the page once React has hydrated it, in the same render as every component that waits for
  // hydration (dialogs, the timed cookie banner): what the end-to-end tests wait for before they click.
  const hydrated = useHydrated();
  // An approver's preview of a pending promotion, shown at an admin address: no scripts (the app would start
  // at the wrong route there), not indexed, and marked as not live.
  const preview = root?.promotionPreview ?? null;
  return (
    <html lang="en-GB" data-hydrated={hydrated ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0a1222" />
        <Meta />
        <Links />
        {preview ? <meta name="robots" content="noindex, nofollow" /> : null}
        {refresh ? (
          <noscript>
            <meta httpEquiv="refresh" content={`${refresh.seconds}; url=${refresh.url}`} />
          </noscript>
        ) : null}
      </head>
      <body className="min-h-screen">
        <PromotionPreviewSlot.Provider value={preview ? <PromotionPreviewBanner backTo={preview.backTo} /> : null}>
          {children}
        </PromotionPreviewSlot.Provider>
        <Toaster initial={root?.toast ?? null} />
        {preview ? null : <ScrollRestoration nonce={nonce} />}
        {preview ? null : <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const meta: MetaFunction = ({ error }) => rootErrorMeta(error);

/**
 * Signed out, the admin's data requests get the site's not-found page, which no route can read as data,
 * so every route fails, this one too: in a tab that showed the admin, the admin's boundary asks whether
 * the session ended (and signs in again if so).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  return !isRouteErrorResponse(error) && adminSessionWasSeen() ? <AdminErrorBoundary /> : <RootErrorBoundary />;
}
