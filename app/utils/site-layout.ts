import { company } from "~/content/company";
import { defaultCopyright, defaultMenuItems, defaultRegulatoryStatus } from "~/content/defaults";
import { disclosureOf, type Disclosure } from "~/utils/regulatory";
import { pages } from "~/content/pages";

/** A menu item as the public header and footer render it. */
export interface NavItem {
  id: string;
  label: string;
  url: string;
  openInNewTab: boolean;
}

/** What the shared header and footer need: loaded from settings and menus, or the content defaults. */
export interface SiteLayout {
  companyName: string;
  blurb: string;
  contactEmail: string;
  copyright: string;
  social: { label: string; url: string };
  platform: { name: string; url: string };
  headerMenu: NavItem[];
  footerMenu: NavItem[];
  /** The disclosure generated from the regulatory status record (issue 37). */
  disclosure: FooterDisclosure;
}

export interface FooterDisclosure {
  status: string;
  company: string;
  vat: string | null;
  frn: string | null;
  registerUrl: string | null;
}

const SOCIAL_NETWORKS: [RegExp, string][] = [
  [/(^|\.)linkedin\.com$/i, "LinkedIn"],
  [/(^|\.)(x|twitter)\.com$/i, "X"],
  [/(^|\.)github\.com$/i, "GitHub"],
  [/(^|\.)youtube\.com$/i, "YouTube"],
  [/(^|\.)instagram\.com$/i, "Instagram"],
  [/(^|\.)facebook\.com$/i, "Facebook"],
  [/(^|\.)bsky\.app$/i, "Bluesky"],
];

/** "LinkedIn" for a LinkedIn address; the host name for any other network. */
export function socialLabel(url: string): string {
  try {
    const host = new URL(url).hostname;
    return SOCIAL_NETWORKS.find(([pattern]) => pattern.test(host))?.[1] ?? host.replace(/^www\./, "");
  } catch {
    return "Social";
  }
}

/** The footer's company blurb: the home page's own description. */
export const COMPANY_BLURB = pages["/"].description;

/** The layout from the content defaults: used when the layout's loader has not run (an error page). */
export function fallbackLayout(year = new Date().getFullYear()): SiteLayout {
  const fromDefaults = (menuType: "header" | "footer") =>
    defaultMenuItems
      .filter((item) => item.menuType === menuType)
      .map((item, index) => ({ id: `${menuType}-${index}`, label: item.label, url: item.url, openInNewTab: false }));
  return {
    companyName: company.legalName,
    blurb: COMPANY_BLURB,
    contactEmail: company.contactEmail,
    copyright: defaultCopyright(company.legalName, year),
    social: { label: socialLabel(company.social.url), url: company.social.url },
    platform: { name: company.flagship.name, url: company.flagship.url },
    headerMenu: fromDefaults("header"),
    footerMenu: fromDefaults("footer"),
    disclosure: footerDisclosure(disclosureOf(defaultRegulatoryStatus, new Date())),
  };
}

export function footerDisclosure(disclosure: Disclosure): FooterDisclosure {
  const { status, company: companyLine, vat, frn, registerUrl } = disclosure;
  return { status, company: companyLine, vat, frn, registerUrl };
}
