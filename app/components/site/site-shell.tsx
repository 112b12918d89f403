import type { ReactNode } from "react";
import type { SiteLayout } from "~/utils/site-layout";
import { SiteFooter } from "./footer";
import type { PageRiskWarning } from "~/utils/risk-warnings";
import { SiteHeader } from "./header";
import { StickyRiskWarnings } from "./risk-warning";

/** Skip link, header, the page's main landmark, footer: the frame of every public page. */
export function SiteShell({
  layout,
  riskWarnings = [],
  children,
}: {
  layout: SiteLayout;
  /** A page promoting high-risk products: its warnings stay at the top in place of the header (issue 37). */
  riskWarnings?: readonly PageRiskWarning[];
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-navy-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <StickyRiskWarnings warnings={riskWarnings} />
      <SiteHeader layout={layout} sticky={riskWarnings.length === 0} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter layout={layout} />
    </div>
  );
}
