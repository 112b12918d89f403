import { REGULATORY_PHASES } from "./about";
import { REGULATORY_TOKENS } from "~/utils/regulatory-facts";
import { company, formatIncorporationDate, formatSeedRound } from "./company";
import { INVESTMENT_DISCLAIMER } from "./disclaimer";
import type { CardGroup, ContactCallout, Fact, PageHero, RegulatoryPathway, Section } from "./types";

const flagship = company.flagship.name;
const { shortName } = company;

/** Copy for /investors. */

export interface ProceedsAllocation {
  readonly label: string;
  /** Whole percent of the seed round; all allocations add up to 100. */
  readonly percent: number;
  readonly description: string;
}

export interface InvestorsContent {
  readonly hero: PageHero;
  readonly thesis: Section;
  readonly whyWeWin: CardGroup;
  readonly whatIsBuilt: Section;
  readonly businessModel: CardGroup<4>;
  readonly regulatory: RegulatoryPathway;
  readonly useOfProceeds: {
    readonly heading: string;
    readonly intro: string;
    /** Formatted total, e.g. "500,000 USD". */
    readonly total: string;
    readonly allocations: readonly ProceedsAllocation[];
  };
  readonly corporateFacts: { readonly heading: string; readonly facts: readonly Fact[] };
  readonly investorRelations: ContactCallout;
  /** Financial promotion notice shown at the foot of the page. */
  readonly notice: string;
}

/** Amount of the seed round for a percentage, e.g. 40 -> "200,000 USD". */
export function formatAllocationAmount(percent: number): string {
  const amount = Math.round((company.seedRound.amount * percent) / 100);
  return `${amount.toLocaleString("en-GB")} ${company.seedRound.currency}`;
}

export const USE_OF_PROCEEDS: readonly ProceedsAllocation[] = [
  {
    label: "Engineering and product",
    percent: 40,
    description: `Expanding the engineering team to complete the Portfolio Manager launch, harden ${flagship} for growth and build the first version of the Finance API.`,
  },
  {
    label: "Machine learning research and data",
    percent: 20,
    description:
      "Model development and evaluation, licensed market data, and the infrastructure for accuracy tracking and fairness testing.",
  },
  {
    label: "Regulatory and compliance",
    percent: 15,
    description:
      "Legal and compliance advice, onboarding as an appointed representative under an FCA-authorised principal, and the controls and reporting that phase requires.",
  },
  {
    label: "Go-to-market and community",
    percent: 15,
    description:
      "Growing the subscriber base and the Writer Program through content, partnerships and community programmes, with a focus on retention rather than paid acquisition.",
  },
  {
    label: "Operations and contingency",
    percent: 10,
    description:
      "Security reviews, insurance, finance and administration, and a reserve for unforeseen costs.",
  },
];

export const investors: InvestorsContent = {
  hero: {
    eyebrow: "Investors",
    heading: "Building accountable investment software for the UK",
    intro: `${shortName} is raising a seed round of ${formatSeedRound()}. This page sets out our thesis, what we have built, how we make money and how we will use the funds.`,
  },

  thesis: {
    id: "thesis",
    heading: "Investment thesis",
    paragraphs: [
      "Self-directed investing in the UK has grown quickly, but the tools available to individual investors have not kept pace. Trading apps make it easy to buy and sell; few help people understand risk, judge the reliability of information or keep proper records.",
      `We believe the next generation of investing platforms will compete on trust: on showing how their analysis works and how accurate it has been. ${flagship} is built on that premise, with forecasts that carry a public track record and signals that explain themselves.`,
      "Because our revenue comes from subscriptions, data and a shared advertising model rather than trading commissions, we do well when users find the product useful, not when they trade more.",
    ],
  },

  whyWeWin: {
    heading: "Why we win",
    intro: "Our advantages compound as the platform grows.",
    items: [
      {
        title: "Transparency as a product feature",
        description:
          "Published accuracy records and explanations are hard for competitors built on opaque signals to copy without rebuilding their approach.",
      },
      {
        title: "In-house models and data",
        description:
          "We own our forecasting models and data pipelines, so improvements reach every platform and can be offered through the Finance API.",
      },
      {
        title: "Community with aligned incentives",
        description:
          "The Writer Program rewards vetted contributors with a share of advertising revenue, creating content that attracts and retains subscribers.",
      },
      {
        title: "Built for UK investors",
        description:
          "UK capital gains help, sterling reporting and a deliberate regulatory pathway address needs that global products often overlook.",
      },
      {
        title: "Capital-efficient team",
        description:
          "A small, senior team with research and engineering depth has already shipped a live platform before raising outside capital.",
      },
    ],
  },

  whatIsBuilt: {
    id: "what-is-built",
    heading: "What is already built",
    paragraphs: [`${flagship} is live and available by subscription. Its current capabilities include:`],
    bullets: [
      "Smart portfolios and a portfolio Leaderboard based on risk-adjusted results",
      "AI signals with explainable risk and in-house ML forecasts with public accuracy tracking",
      "Real-time market data, anomaly alerts, watchlists and an economic calendar",
      "A trading journal connected to several brokers and exchanges",
      "A vetted Writer Program with ad-revenue share, messaging and subscription management",
      "UK capital gains help for investors preparing Self Assessment records",
      "Portfolio Manager in beta with a waitlist, adding AI and manual portfolios, risk scoring, an AI copilot and UK tax AI",
    ],
  },

  businessModel: {
    heading: "Business model",
    intro: "Four revenue lines, none of which depend on users trading more.",
    items: [
      {
        title: "Subscriptions",
        description: `Recurring monthly and annual plans for ${flagship} and, in time, Portfolio Manager, billed in advance.`,
      },
      {
        title: "Usage-based APIs and data",
        description:
          "Metered access to cleaned market data, forecasts and risk outputs for developers, fintech firms and researchers.",
      },
      {
        title: "Creator ad-revenue share",
        description:
          "Advertising revenue around Writer Program content, shared with the Writers who create it.",
      },
      {
        title: "Future ecosystem",
        description:
          "Further platforms on the same infrastructure, each adding revenue once the necessary permissions and partners are in place.",
      },
    ],
  },

  regulatory: {
    heading: "UK regulatory pathway",
    /** Follows the status sentence generated from the regulatory status record (issue 37): no page types the status. */
    intro: `${shortName} does not give personalised investment advice. Our plan has two phases:`,
    phases: REGULATORY_PHASES,
    disclaimer: INVESTMENT_DISCLAIMER,
  },

  useOfProceeds: {
    heading: "Seed use of proceeds",
    intro: `We expect the ${formatSeedRound()} seed round to fund roughly 18 months of work, allocated as follows.`,
    total: formatSeedRound(),
    allocations: USE_OF_PROCEEDS,
  },

  corporateFacts: {
    heading: "Corporate facts",
    facts: [
      { label: "Legal name", value: REGULATORY_TOKENS.legalName },
      { label: "Company number", value: REGULATORY_TOKENS.companyNumber },
      { label: "Company type", value: company.companyType },
      { label: "Status", value: company.status },
      { label: "Jurisdiction", value: `Registered in ${REGULATORY_TOKENS.registeredIn}` },
      { label: "Incorporated", value: formatIncorporationDate() },
      { label: "Registered office", value: REGULATORY_TOKENS.registeredOffice },
      {
        label: "Industry (SIC) codes",
        value: company.industryCodes.map((c) => `${c.code} ${c.label}`).join("; "),
      },
      { label: "Flagship platform", value: flagship },
      { label: "Seed round sought", value: formatSeedRound() },
    ],
  },

  investorRelations: {
    heading: "Investor relations",
    paragraphs: [
      "If you would like to receive our investor materials or arrange a conversation with the founders, please get in touch. We aim to reply within two working days.",
    ],
    ctaLabel: "Contact investor relations",
    subject: "Investment Inquiry",
  },

  notice:
    "This page is for information only and is not an offer or invitation to buy or subscribe for shares or other securities. Any investment will be offered only to persons to whom it may lawfully be promoted, on the basis of formal documentation. Investing in an early-stage company carries a high risk, including the risk of losing all the money invested, and shares may be difficult to sell.",
};
