import { company, formatSeedRound } from "./company";
import type { PageMeta, PublicPath } from "./types";

const { shortName } = company;
const flagship = company.flagship.name;

/**
 * The ten public pages: breadcrumb label, <title> text (the layout appends the site name) and
 * meta description (140-160 characters each, all unique).
 */
export const pages: Readonly<Record<PublicPath, PageMeta>> = {
  "/": {
    path: "/",
    label: "Home",
    title: "Data-driven investing software, explained",
    description: `${shortName} builds ${flagship}, an investing platform with smart portfolios, explainable AI signals and tracked ML forecasts for UK retail investors.`,
  },
  "/about": {
    path: "/about",
    label: "About Us",
    title: "About the company, our mission and values",
    description: `Who we are, what we are building and how we work: ${shortName}'s mission, values, business model, team and our two-phase UK regulatory pathway.`,
  },
  "/platforms": {
    path: "/platforms",
    label: "Platforms",
    title: "Our platforms: live, in beta and coming soon",
    description: `See every ${shortName} platform by status: Trading is live, Portfolio Manager is in beta with a waitlist, and the Finance API and others are coming soon.`,
  },
  "/research": {
    path: "/research",
    label: "Research",
    title: "Research: forecasting, interpretability and fairness",
    description: `Our research lab works on forecasting, model interpretability, fairness and data engineering, and how each is measured in ${flagship} before release.`,
  },
  "/investors": {
    path: "/investors",
    label: "Investors",
    title: "Investors: thesis, business model and seed round",
    description: `Our investment thesis, what is already built, the business model, the UK regulatory pathway and how proceeds of the ${formatSeedRound()} seed round will be used.`,
  },
  "/newsroom": {
    path: "/newsroom",
    label: "Newsroom",
    title: "Newsroom: company news, updates and media kit",
    description: `Company announcements, product updates and research notes from ${shortName}, with a fact sheet, media kit, boilerplate and contacts for press enquiries.`,
  },
  "/careers": {
    path: "/careers",
    label: "Careers",
    title: "Careers: open roles in engineering, ML and design",
    description: `Join ${shortName} as a full-stack engineer, machine learning engineer, product designer or community and growth lead. Read our values, benefits and roles.`,
  },
  "/privacy": {
    path: "/privacy",
    label: "Privacy Policy",
    title: "Privacy Policy",
    description: `How ${company.legalName} collects, uses and protects personal data under UK GDPR, how long it is kept, and how to exercise your data protection rights.`,
  },
  "/terms": {
    path: "/terms",
    label: "Terms of Service",
    title: "Terms of Service",
    description: `The terms for using our website and ${flagship}: eligibility, no personalised advice, subscriptions, the Writer Program, liability and governing law.`,
  },
  "/cookies": {
    path: "/cookies",
    label: "Cookie Policy",
    title: "Cookie Policy",
    description: `What cookies are, which strictly necessary and analytics cookies this website uses, how consent works and how to change your choice in Cookie settings.`,
  },
};

/** The pages in navigation order. */
export const pageList: readonly PageMeta[] = Object.values(pages);
