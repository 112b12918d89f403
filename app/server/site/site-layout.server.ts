import { company } from "~/content/company";
import { copyrightLine, getCompanySettings } from "~/models/company-settings.server";
import { listActiveMenu, type MenuItemRow } from "~/models/menu-items.server";
import { getSeoSettings } from "~/models/seo-settings.server";
import { getAdmin, type SessionUser } from "~/server/auth/auth.server";
import { PRIVATE_NO_STORE, PUBLIC_PAGE, PUBLIC_PAGE_CDN } from "~/utils/cache-control";
import type { SiteSeo } from "~/utils/seo";
import { siteSeoOf } from "./site-images.server";
import { currentDisclosure } from "~/models/regulatory-status.server";
import { COMPANY_BLURB, footerDisclosure, socialLabel, type NavItem, type SiteLayout } from "~/utils/site-layout";

export interface SiteLayoutData {
  layout: SiteLayout;
  site: SiteSeo;
  signedIn: boolean;
}

function toNavItem(item: MenuItemRow): NavItem {
  return { id: String(item.id), label: item.label, url: item.url, openInNewTab: item.openInNewTab };
}

/**
 * The public layout's data: active header and footer menus, company and SEO settings, all through the
 * models (and their content cache), so an operator's edit shows on the next request.
 */
export async function loadSiteLayout(request: Request): Promise<SiteLayoutData & { user: SessionUser | null }> {
  const [headerMenu, footerMenu, settings, seo, user, disclosure] = await Promise.all([
    listActiveMenu("header"),
    listActiveMenu("footer"),
    getCompanySettings(),
    getSeoSettings(),
    getAdmin(request),
    currentDisclosure(),
  ]);
  const socialUrl = seo.socialUrls[0] ?? company.social.url;
  const companyName = settings.companyName.trim() || company.legalName;
  return {
    layout: {
      companyName,
      blurb: COMPANY_BLURB,
      contactEmail: settings.contactEmail.trim() || company.contactEmail,
      copyright: copyrightLine({ ...settings, companyName }),
      social: { label: socialLabel(socialUrl), url: socialUrl },
      platform: { name: company.flagship.name, url: company.flagship.url },
      headerMenu: headerMenu.map(toNavItem),
      footerMenu: footerMenu.map(toNavItem),
      disclosure: footerDisclosure(disclosure),
    },
    site: await siteSeoOf(seo),
    signedIn: user !== null,
    user,
  };
}

/**
 * A signed-in operator's pages are theirs alone: never stored by a browser or a shared cache. A visitor's
 * page says it is public, which is also what the page cache requires before it keeps a render.
 */
export function responseHeadersFor(signedIn: boolean): HeadersInit {
  return signedIn ? { "Cache-Control": PRIVATE_NO_STORE } : { "Cache-Control": PUBLIC_PAGE, "CDN-Cache-Control": PUBLIC_PAGE_CDN };
}
