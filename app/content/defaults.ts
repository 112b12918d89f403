import { company } from "./company";

/**
 * The site's default content: what the seed writes into an empty database, and what the public site
 * falls back to if a settings row is ever missing.
 */

/** In the footer copyright text, {year} stands for the current year. */
export const YEAR_TOKEN = "{year}";

export const defaultCompanySettings = {
  companyName: company.legalName,
  contactEmail: company.contactEmail,
  footerCopyright: `© ${YEAR_TOKEN} ${company.legalName}. All rights reserved.`,
};

/**
 * Who is told of a new message at first: the company's general inbox, and press enquiries to the press
 * office. Operators set their own on the Notifications screen. Messages are kept 24 months.
 */
export const defaultMessageSettings = {
  defaultRecipients: [company.contactEmail],
  routes: [{ subject: "Press Inquiry" as const, recipients: [company.pressEmail] }],
  retentionMonths: 24,
};

export function defaultCopyright(companyName: string, year = new Date().getFullYear()): string {
  return `© ${year} ${companyName}. All rights reserved.`;
}

export function defaultSeoSettings(siteUrl: string) {
  return {
    pageTitle: `${company.shortName} | Data-driven investment software`,
    metaDescription:
      "Kestrel Insight builds data-driven investment software in London: explainable AI signals, tracked ML forecasts and tools that help UK investors decide for themselves.",
    keywords: "investment software, AI signals, ML forecasts, portfolio analytics, UK fintech, trading journal",
    gaTrackingId: "",
    organizationName: company.legalName,
    websiteUrl: siteUrl,
    logoUrl: "",
    logoImageId: null,
    ogImageId: null,
    contactEmail: company.contactEmail,
    socialUrls: [company.social.url],
  };
}

export interface HeroFields {
  title: string;
  subtitle: string;
  primaryCtaText: string;
  primaryCtaUrl: string;
  secondaryCtaText: string;
  secondaryCtaUrl: string;
}

export const defaultHero: HeroFields = {
  title: "Investment intelligence you can check for yourself",
  subtitle:
    "We build data-driven investing tools for UK investors: AI signals with explainable risk, forecasts whose accuracy we publish, and real-time data, so every decision stays yours.",
  primaryCtaText: `Explore ${company.flagship.name}`,
  primaryCtaUrl: company.flagship.url,
  secondaryCtaText: "Partner with us",
  secondaryCtaUrl: "/contact?subject=General%20Inquiry",
};

export const defaultStatistics = [
  { value: "9", label: "Capabilities in one platform" },
  { value: "8", label: "Platforms on our roadmap" },
  { value: "2", label: "Phases on our path to direct FCA authorisation" },
  { value: "2023", label: "Founded in London" },
];

export const defaultProducts: {
  name: string;
  description: string;
  url: string;
  badge: "live" | "beta" | "coming_soon" | null;
  /** Issue 37: restricted mass market investments and a cryptoasset carry the prescribed warnings. */
  riskClass?: "mainstream" | "rmmi" | "cryptoasset";
}[] = [
  {
    name: "Trading",
    description:
      "Our flagship platform: smart portfolios, AI signals with explainable risk, tracked ML forecasts, real-time data and a trading journal.",
    url: company.flagship.url,
    badge: "live",
  },
  {
    name: "Portfolio Manager",
    description:
      "AI and manual portfolios with risk scoring, an AI copilot and UK tax AI that prepares your capital-gains documents.",
    url: `${company.flagship.url}/portfolio-manager`,
    badge: "beta",
  },
  {
    name: "Finance API",
    description: "Usage-based access to our market data, forecasts and risk scores for developers and partners.",
    url: `${company.flagship.url}/api`,
    badge: "coming_soon",
  },
  {
    name: "P2P Exchange & Lending",
    description: "Peer-to-peer exchange and lending with transparent pricing and clear risk disclosures.",
    url: `${company.flagship.url}/p2p`,
    badge: "coming_soon",
    riskClass: "rmmi",
  },
  {
    name: "Whistleblower Exchange",
    description: "A secure, anonymous channel for reporting market misconduct, with verified and protected submissions.",
    url: `${company.flagship.url}/whistleblower`,
    badge: "coming_soon",
  },
  {
    name: "Fractional Real Estate Investing",
    description: "Own a share of income-producing UK property from a small stake, with plain-English due diligence.",
    url: `${company.flagship.url}/real-estate`,
    badge: "coming_soon",
    riskClass: "rmmi",
  },
  {
    name: "AI Insurance Platform",
    description: "Insurance quotes and cover comparisons explained by models you can question, not black boxes.",
    url: `${company.flagship.url}/insurance`,
    badge: "coming_soon",
  },
  {
    name: "GBP Stable Currency",
    description: "A fully reserved pound-sterling stable currency designed for settlement inside our ecosystem.",
    url: `${company.flagship.url}/gbp`,
    badge: "coming_soon",
    riskClass: "cryptoasset",
  },
];

export const defaultMenuItems: {
  menuType: "header" | "footer" | "sidebar";
  label: string;
  url: string;
}[] = [
  { menuType: "header", label: "About", url: "/about" },
  { menuType: "header", label: "Platforms", url: "/platforms" },
  { menuType: "header", label: "Research", url: "/research" },
  { menuType: "header", label: "Investors", url: "/investors" },
  { menuType: "header", label: "Newsroom", url: "/newsroom" },
  { menuType: "header", label: "Careers", url: "/careers" },
  { menuType: "footer", label: "Privacy Policy", url: "/privacy" },
  { menuType: "footer", label: "Terms of Service", url: "/terms" },
  { menuType: "footer", label: "Cookie Policy", url: "/cookies" },
];

/**
 * The regulatory status record's first version (issue 37), from what the copy states: the company's
 * facts (app/content/company.ts) and "not currently authorised by the Financial Conduct Authority" (the
 * investors page, the terms, the whitepaper). The copy names no principal firm and no FRN, so none is seeded.
 */
export const defaultRegulatoryStatus = {
  legalName: company.legalName,
  companyNumber: company.companyNumber,
  registeredIn: "england_and_wales" as const,
  registeredOffice: [...company.registeredOffice.lines, company.registeredOffice.city, company.registeredOffice.postcode, company.registeredOffice.country].join(", "),
  vatNumber: "",
  contactEmail: company.contactEmail,
  fcaStatus: "not_authorised" as const,
  principalName: "",
  principalFrn: "",
  firmFrn: "",
  scheduledStatus: "" as const,
  scheduledPrincipalName: "",
  scheduledPrincipalFrn: "",
  scheduledFirmFrn: "",
  takesEffectAt: null as Date | null,
};
