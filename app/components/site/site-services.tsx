import { createContext, type ReactNode } from "react";
import type { ConsentState } from "~/utils/consent";
import { ServerConsentProvider } from "~/utils/consent-store";
import { Analytics } from "./analytics";
import { ContactProvider } from "./contact-provider";
import { CookieBanner } from "./cookie-banner";
import { DeferredContactDialog } from "./deferred-contact-dialog";
import { DeferredWaitlistDialog } from "./deferred-waitlist-dialog";

/** What the public layout's loader passes on: see loadSiteServices() in site-services.server.ts. */
export interface SiteServicesData {
  /** The choice the consent cookie holds. */
  consent: ConsentState;
  /** The GA4 measurement ID from the SEO settings; "" when none is set. */
  measurementId: string;
}

/**
 * Set inside SiteServices: the page's shell (site-shell.tsx) shows the cookie banner, right after its skip
 * link, so "Skip to main content" stays the first tab stop and the banner (which covers the foot of the
 * screen) comes next, before the header.
 */
export const CookieBannerSlot = createContext<ReactNode>(null);

/** Around every public page: the contact dialog and its provider, the waitlist dialog, the cookie banner, analytics. */
export function SiteServices({ consent, measurementId, children }: SiteServicesData & { children: ReactNode }) {
  return (
    <ServerConsentProvider value={consent}>
      <ContactProvider>
        <CookieBannerSlot.Provider value={<CookieBanner />}>{children}</CookieBannerSlot.Provider>
        <DeferredContactDialog />
        <DeferredWaitlistDialog />
        <Analytics measurementId={measurementId} />
      </ContactProvider>
    </ServerConsentProvider>
  );
}
