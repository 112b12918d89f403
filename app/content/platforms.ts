import { company } from "./company";
import type { Card, PageHero } from "./types";

const flagship = company.flagship.name;

/** Copy for /platforms. The product cards themselves come from the database. */

export type PlatformGroupKey = "live" | "beta" | "comingSoon";

export interface PlatformGroup {
  readonly key: PlatformGroupKey;
  /** Section heading; matches the status badge text. */
  readonly heading: string;
  readonly intro: string;
}

export interface PortfolioManagerDetail {
  readonly name: string;
  readonly heading: string;
  readonly paragraphs: readonly string[];
  readonly features: readonly Card[];
  readonly waitlistNote: string;
}

export interface PlatformsContent {
  readonly hero: PageHero & { readonly ctaLabel: string };
  readonly groups: Readonly<Record<PlatformGroupKey, PlatformGroup>>;
  readonly portfolioManager: PortfolioManagerDetail;
  readonly openLabel: string;
  readonly regulatoryNote: string;
}

export const platforms: PlatformsContent = {
  hero: {
    eyebrow: "Platforms",
    heading: "One set of data and models, several platforms",
    intro: `Our platforms share the same market data, forecasting models and standards of explanation. ${flagship} is live today; the others are in beta or in development, and each card shows where it stands.`,
    ctaLabel: `Open ${flagship}`,
  },

  groups: {
    live: {
      key: "live",
      heading: "Live",
      intro: `Available now by subscription. Trading is delivered through ${flagship}, with real-time data, explainable signals, tracked forecasts and a journal connected to your brokers and exchanges.`,
    },
    beta: {
      key: "beta",
      heading: "Beta (Waitlist)",
      intro:
        "In testing with a limited group of users. Join the waitlist to be invited as places open; beta features may change as we learn from feedback.",
    },
    comingSoon: {
      key: "comingSoon",
      heading: "Coming Soon",
      intro:
        "In research or design. Some of these platforms involve regulated activities and will launch only once the right permissions and partners are in place, so timings depend on that work.",
    },
  },

  portfolioManager: {
    name: "Portfolio Manager",
    heading: "Portfolio Manager",
    paragraphs: [
      "Portfolio Manager is a dedicated workspace for building and maintaining long-term portfolios. It supports portfolios constructed with the help of our models and portfolios you assemble entirely by hand, and treats both in the same way: every holding is measured, every change is recorded and every risk figure is explained.",
      "An AI copilot answers questions about your portfolio in plain English, such as why its risk score changed this month or how much of it depends on a single sector, and points to the data behind each answer. It explains; it does not tell you what to buy or sell.",
      "For UK investors, Portfolio Manager includes tax AI that reads contract notes, broker statements and other capital gains documents, applies the share-matching rules and prepares organised summaries for your records and Self Assessment. You stay responsible for your return, and you can check every calculation.",
    ],
    features: [
      {
        title: "AI and manual portfolios",
        description:
          "Start from a model portfolio, build your own, or combine both, with target weights and rebalancing reminders.",
      },
      {
        title: "Risk scoring",
        description:
          "A single risk score per portfolio, broken down by volatility, drawdown, concentration and currency exposure.",
      },
      {
        title: "AI copilot",
        description:
          "Ask questions about your holdings and get answers that cite the figures and sources they rely on.",
      },
      {
        title: "UK tax AI",
        description:
          "Extracts disposals from capital gains documents, applies same-day, 30-day and Section 104 matching, and produces summaries you can review.",
      },
    ],
    waitlistNote:
      "Portfolio Manager is in beta. Join the waitlist and we will invite you as places become available.",
  },

  openLabel: "Open",

  regulatoryNote:
    "Our platforms provide information and tools only and do not give personalised investment advice. Capital is at risk when investing.",
};
