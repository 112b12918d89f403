import { useContext, type ReactNode } from "react";
import type { SiteLayout } from "~/utils/site-layout";
import { SiteFooter } from "./footer";
import type { PageRiskWarning } from "~/utils/risk-warnings";
import { SiteHeader } from "./header";
import { PromotionPreviewSlot } from "./promotion-preview-banner";
import { StickyRiskWarnings } from "./risk-warning";
import { CookieBannerSlot } from "./site-services";

/**
 * Skip link, an approver's preview banner (a pending promotion's preview only), the cookie banner (when SiteServices gives one: after the skip link, which stays the first tab
 * stop, and before the rest, as the banner covers the foot of the screen), the risk warnings of a page
 * promoting high-risk products, header, the page's main landmark, footer: the frame of every public page.
 */
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
  const cookieBanner = useContext(CookieBannerSlot);
  const previewBanner = useContext(PromotionPreviewSlot);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-navy-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      {previewBanner}
      {/* The prescribed risk warning is read first (COBS 4.12A); the banner, fixed at the foot, after it. */}
      <StickyRiskWarnings warnings={riskWarnings} />
      {cookieBanner}
      <SiteHeader layout={layout} sticky={riskWarnings.length === 0} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter layout={layout} />
    </div>
  );
}
