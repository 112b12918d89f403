import { REGULATORY_TOKENS } from "~/utils/regulatory-facts";
import { company, formatIncorporationDate, formatSeedRound } from "./company";
import { leaders } from "./leaders";
import { LEGAL_LAST_UPDATED, LEGAL_LAST_UPDATED_LABEL } from "./policy-facts";
import type { CardGroup, ContactCallout, Fact, NewsItem, PageHero } from "./types";

export { NEWSROOM_MODIFIED, NEWSROOM_PUBLISHED } from "./newsroom-dates";

const flagship = company.flagship.name;
const { shortName } = company;

/** Copy for /newsroom. */

export interface MediaKit {
  readonly heading: string;
  readonly intro: string;
  readonly contents: readonly string[];
  readonly ctaLabel: string;
  readonly subject: "Press Inquiry";
}

export interface NewsroomContent {
  readonly hero: PageHero;
  readonly latestNewsHeading: string;
  readonly latestNews: readonly NewsItem[];
  readonly productUpdatesHeading: string;
  readonly productUpdates: readonly NewsItem[];
  readonly partnerships: CardGroup;
  readonly researchNotesHeading: string;
  readonly researchNotes: readonly NewsItem[];
  readonly mediaKit: MediaKit;
  readonly factSheet: { readonly heading: string; readonly facts: readonly Fact[] };
  readonly coverageAngles: CardGroup;
  readonly pressEnquiries: ContactCallout;
  readonly boilerplate: { readonly heading: string; readonly text: string };
}

export const newsroom: NewsroomContent = {
  hero: {
    eyebrow: "Newsroom",
    heading: `News from ${shortName}`,
    intro: `Announcements, product updates and research notes from ${shortName} and ${flagship}, with resources for journalists.`,
  },

  latestNewsHeading: "Latest news",
  latestNews: [
    {
      date: LEGAL_LAST_UPDATED,
      title: "Updated Privacy Policy, Terms of Service and Cookie Policy",
      summary: `We have published revised policies, effective ${LEGAL_LAST_UPDATED_LABEL}. They set out the Writer role and its obligations more fully, explain subscription renewal and cancellation, and describe how analytics consent can be changed at any time.`,
    },
    {
      date: "2025-09-02",
      title: `${shortName} opens its seed round`,
      summary: `We are raising ${formatSeedRound()} to grow our engineering and research team, complete the Portfolio Manager launch and prepare to operate as an appointed representative of an FCA-authorised firm.`,
    },
    {
      date: "2025-06-24",
      title: "Portfolio Manager enters beta",
      summary:
        "Portfolio Manager, our workspace for AI and manual portfolios with risk scoring, an AI copilot and UK tax AI for capital gains documents, is now in beta. Places are offered from the waitlist.",
    },
    {
      date: "2025-05-06",
      title: "Writer Program opens to applications",
      summary: `Experienced investors and analysts can now apply to publish research in ${flagship}. Approved Writers share in the advertising revenue from their content and must disclose their interests.`,
    },
    {
      date: "2025-03-18",
      title: "Trading journal connects to brokers and exchanges",
      summary: `The ${flagship} trading journal can now import activity from several brokers and exchanges, so users can review their own decisions without re-entering trades by hand.`,
    },
    {
      date: "2025-01-08",
      title: "First public model accuracy report",
      summary: `We have published live accuracy and calibration figures for every forecast model in ${flagship}, including the periods in which they performed poorly. The report will be updated every quarter.`,
    },
  ],

  productUpdatesHeading: "Product updates",
  productUpdates: [
    {
      date: "2025-08-19",
      title: "Capital gains summaries for the 2024-25 tax year",
      summary:
        "UK capital gains help now covers the 2024-25 tax year, including the change in rates part-way through the year, with summaries organised for Self Assessment.",
    },
    {
      date: "2025-07-22",
      title: "Leaderboard ranks by risk-adjusted results",
      summary:
        "The portfolio Leaderboard now ranks public portfolios by risk-adjusted return and shows maximum drawdown and volatility beside every entry.",
    },
    {
      date: "2025-04-15",
      title: "Economic calendar joins watchlists",
      summary:
        "Watchlists now show upcoming economic releases, central bank decisions and company results that are relevant to the instruments you follow.",
    },
    {
      date: "2025-02-11",
      title: "Explained anomaly alerts",
      summary:
        "Alerts for unusual price and volume moves now include the main factors behind each alert and how unusual the move is compared with recent history.",
    },
  ],

  partnerships: {
    heading: "Partnerships",
    intro:
      "We work with organisations that help us deliver better data and broader access. Partnership announcements are published here once agreements are in place.",
    items: [
      {
        title: "Brokers and exchanges",
        description:
          "Read-only connections that let users import their activity into the trading journal and portfolio views, with their permission.",
      },
      {
        title: "Data providers",
        description:
          "Licensed market, fundamentals and economic data that feeds our models, held to our quality and point-in-time standards.",
      },
      {
        title: "Universities and research groups",
        description:
          "Collaborations on forecasting, interpretability and fairness, including student projects with real-world evaluation problems.",
      },
      {
        title: "Media and financial education",
        description:
          "Work with publishers and educators to explain risk, forecasting and UK capital gains in clear, accurate terms.",
      },
    ],
  },

  researchNotesHeading: "Research notes",
  researchNotes: [
    {
      date: "2025-08-05",
      title: "Fairness across market capitalisation",
      summary:
        "Our checks found one forecasting model was noticeably less accurate for smaller companies. We describe the cause, the fix and the threshold we now apply before release.",
    },
    {
      date: "2025-05-29",
      title: "Do explanations help?",
      summary:
        "Early results from testing explained anomaly alerts: users shown the factors behind an alert were better at telling genuine events from noise, with no increase in trading.",
    },
    {
      date: "2025-02-27",
      title: "Calibration before accuracy",
      summary:
        "Why we judge a forecast by whether its stated confidence matches outcomes, not only by how often it is right, and how we report both.",
    },
  ],

  mediaKit: {
    heading: "Media kit",
    intro: "Our media kit is available on request and contains:",
    contents: [
      "Logos in SVG and PNG formats, for light and dark backgrounds",
      `Product screenshots of ${flagship} and Portfolio Manager`,
      `Founder photographs and biographies (${leaders.map((l) => l.name).join(" and ")})`,
      "The company fact sheet and boilerplate",
      "Brand colours and usage guidelines",
    ],
    ctaLabel: "Request the media kit",
    subject: "Press Inquiry",
  },

  factSheet: {
    heading: "Fact sheet",
    facts: [
      { label: "Legal name", value: REGULATORY_TOKENS.legalName },
      { label: "Company number", value: REGULATORY_TOKENS.companyNumber },
      { label: "Jurisdiction", value: `Registered in ${REGULATORY_TOKENS.registeredIn}` },
      { label: "Incorporated", value: formatIncorporationDate() },
      { label: "Registered office", value: REGULATORY_TOKENS.registeredOffice },
      { label: "Founders", value: leaders.map((l) => `${l.name}, ${l.role}`).join("; ") },
      { label: "Flagship platform", value: `${flagship} (live, subscription)` },
      {
        label: "Other platforms",
        value: "Portfolio Manager (beta, waitlist); Finance API and further platforms in development",
      },
      {
        label: "Business model",
        value: "Subscriptions, usage-based APIs and data, creator ad-revenue share",
      },
      { label: "Funding", value: `Raising a ${formatSeedRound()} seed round` },
      // The record's status sentence; the plans are the regulatory pathway's, on /about and /investors.
      { label: "Regulatory status", value: REGULATORY_TOKENS.status },
    ],
  },

  coverageAngles: {
    heading: "Coverage angles",
    intro: "Topics our founders can speak about with evidence:",
    items: [
      {
        title: "Should investors trust AI forecasts?",
        description:
          "What accuracy tracking and calibration reveal about machine learning in markets, and what investors should ask of any model.",
      },
      {
        title: "The rise of the self-directed investor",
        description:
          "How UK retail investing has changed, and the gap between easy access and good information.",
      },
      {
        title: "Paying creators without paying for hype",
        description:
          "How revenue sharing and disclosure rules can reward careful financial writing rather than sensational tips.",
      },
      {
        title: "Capital gains and the everyday investor",
        description:
          "Why more UK investors now face capital gains calculations, and how technology can make record-keeping less error-prone.",
      },
      {
        title: "Building a fintech on the right side of regulation",
        description:
          "The appointed representative route, what it means for a young company, and why we chose to plan for authorisation from the start.",
      },
    ],
  },

  pressEnquiries: {
    heading: "Press enquiries",
    paragraphs: [
      `For interviews, comment, data requests or the media kit, please contact our press team at ${company.pressEmail} or use the contact form. We aim to respond to journalists on deadline the same working day.`,
    ],
    ctaLabel: "Contact the press team",
    subject: "Press Inquiry",
  },

  boilerplate: {
    heading: `About ${shortName}`,
    text: `${REGULATORY_TOKENS.legalName} ("${shortName}") builds data-driven investment software for individual investors. Its flagship platform, ${flagship}, combines smart portfolios, AI signals with explainable risk, in-house forecasts with public accuracy tracking, real-time market data, a connected trading journal, a vetted Writer Program and UK capital gains help. ${shortName} provides information and tools, not personalised investment advice. The company is based in ${company.registeredOffice.city}. Registered in ${REGULATORY_TOKENS.registeredIn}, company number ${REGULATORY_TOKENS.companyNumber}.`,
  },
};
