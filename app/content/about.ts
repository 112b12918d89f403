import { REGULATORY_TOKENS } from "~/utils/regulatory-facts";
import { company, formatSeedRound } from "./company";
import { INVESTMENT_DISCLAIMER } from "./disclaimer";
import type {
  CardGroup,
  ContactCallout,
  ContactSubject,
  InternalLink,
  PageHero,
  RegulatoryPathway,
  RegulatoryPhase,
  Section,
  Tuple,
} from "./types";

const flagship = company.flagship.name;
const { shortName } = company;

/** The two-phase UK regulatory pathway, shared by /about, /investors and the whitepaper. */
export const REGULATORY_PHASES: Tuple<RegulatoryPhase, 2> = [
  {
    phase: "Phase 1",
    title: "Appointed representative",
    description: `${shortName} intends to carry on any regulated activities as an appointed representative of an FCA-authorised principal firm. The principal will oversee those activities and take regulatory responsibility for them, while we build our compliance function, controls and reporting under its supervision.`,
  },
  {
    phase: "Phase 2",
    title: "Direct FCA authorisation",
    description:
      "Once our products, controls and operating record are mature enough, we intend to apply to the Financial Conduct Authority for our own authorisation, covering the permissions our roadmap requires. Until any authorisation is granted, we do not carry on regulated activities in our own right.",
  },
];

export interface AboutHero extends PageHero {
  readonly registeredOfficeLabel: string;
  readonly contactLabel: string;
  readonly contactSubject: ContactSubject;
}

export interface AboutTeam {
  readonly heading: string;
  readonly paragraphs: readonly string[];
  readonly link: InternalLink;
}

export interface AboutPress extends ContactCallout {
  readonly newsroomLink: InternalLink;
}

export interface AboutCallToAction {
  readonly heading: string;
  readonly text: string;
  readonly primaryLabel: string;
  readonly secondaryLabel: string;
  readonly secondarySubject: ContactSubject;
}

export interface AboutContent {
  readonly hero: AboutHero;
  readonly mission: Section;
  readonly building: Section;
  readonly whyNow: Section;
  readonly howWeWork: Section;
  readonly values: CardGroup<4>;
  readonly businessModel: CardGroup<4>;
  readonly regulatory: RegulatoryPathway;
  readonly team: AboutTeam;
  readonly investors: ContactCallout;
  readonly press: AboutPress;
  readonly cta: AboutCallToAction;
}

export const about: AboutContent = {
  hero: {
    eyebrow: "About us",
    heading: "Clearer investment tools, built on evidence",
    intro: `${REGULATORY_TOKENS.legalName} is a ${company.registeredOffice.city} software company building data-driven investment platforms. We make forecasts, signals and risk measures that show their working, so that individual investors can make their own decisions with better information.`,
    registeredOfficeLabel: "Registered office",
    contactLabel: "Get in touch",
    contactSubject: "General Inquiry",
  },

  mission: {
    id: "mission",
    heading: "Our mission",
    paragraphs: [
      "Our mission is to give individual investors access to the kind of analysis that has usually been reserved for professionals, and to make it honest about its own limits.",
      "We believe people make better decisions when they can see how a view was formed, how reliable it has been and what could make it wrong. That is what we set out to build.",
    ],
  },

  building: {
    id: "what-we-are-building",
    heading: "What we are building",
    paragraphs: [
      `${flagship}, our flagship platform, is live. It brings together smart portfolios, AI signals with explainable risk, in-house forecasts with public accuracy tracking, real-time data and anomaly alerts, a trading journal connected to brokers and exchanges, a vetted Writer Program and help with UK capital gains.`,
      "Around it we are developing a family of platforms that share the same data, models and standards:",
    ],
    bullets: [
      "Portfolio Manager, now in beta with a waitlist: AI and manual portfolios, risk scoring, an AI copilot and UK tax AI for capital gains documents.",
      "A usage-based Finance API giving developers access to our data and model outputs.",
      "Longer-term platforms in lending, real estate, insurance and payments, each of which will be launched only with the right regulatory arrangements in place.",
    ],
  },

  whyNow: {
    id: "why-now",
    heading: "Why now",
    paragraphs: [
      "More people in the UK invest for themselves than ever before, often through low-cost apps that offer little context. At the same time they face a constant stream of opinion from social media and newsletters, with no easy way to tell a reliable source from a confident one.",
      "Machine learning and data infrastructure have matured to the point where a small, focused team can build forecasting and interpretability tools to a professional standard. And UK regulation increasingly expects firms to show that products serve retail customers well. Together, these create room for tools that are both capable and accountable.",
    ],
  },

  howWeWork: {
    id: "how-we-work",
    heading: "How we work",
    paragraphs: [
      "We are a small team of engineers, researchers and designers. A few working habits shape everything we release:",
    ],
    bullets: [
      "Measure before we claim: models are evaluated out of sample and monitored after release, and we publish what we find.",
      "Explain by default: if we cannot explain an output clearly, it is not ready for users.",
      "Ship carefully: new features go through review for accuracy, fairness, security and clarity of wording.",
      "Listen to users: feedback from investors and Writers feeds directly into our roadmap.",
      "Keep records: decisions about models, data and risk are written down so that they can be reviewed later.",
    ],
  },

  values: {
    heading: "Our values",
    intro: "Four values guide how we build products and how we treat the people who use them.",
    items: [
      {
        title: "Transparency",
        description:
          "We show how our models work, how accurate they have been and where their limits are. We are open about how we earn money and about our regulatory status.",
      },
      {
        title: "Quality",
        description:
          "We hold our data, code and research to a professional standard, test thoroughly and fix problems openly when we find them.",
      },
      {
        title: "User agency",
        description:
          "We provide information and tools, not instructions. Investors stay in control of their decisions and their data, including the right to export or delete it.",
      },
      {
        title: "Integrity",
        description:
          "We avoid conflicts of interest, require Writers to disclose theirs, and never design features to push people towards trading more than they intend.",
      },
    ],
  },

  businessModel: {
    heading: "Business model",
    intro: "We earn revenue in ways that keep our interests aligned with those of our users.",
    items: [
      {
        title: "Subscriptions",
        description: `Monthly and annual subscriptions to ${flagship} and future platforms, with clear pricing and no commission on trades.`,
      },
      {
        title: "Usage-based APIs and data",
        description:
          "Developers, fintech firms and researchers will pay by usage for access to our cleaned market data, forecasts and risk outputs through the Finance API.",
      },
      {
        title: "Creator ad-revenue share",
        description:
          "Advertising around Writer Program content is shared with the Writers who produce it, rewarding good research and supporting a healthy community.",
      },
      {
        title: "Future ecosystem",
        description:
          "Over time, additional platforms in portfolio management, lending, real estate and insurance will add revenue lines that share the same data and infrastructure.",
      },
    ],
  },

  regulatory: {
    heading: "UK regulatory pathway",
    intro:
      "We are planning our regulatory position in two phases, so that each product launches with the right permissions and oversight in place.",
    phases: REGULATORY_PHASES,
    disclaimer: INVESTMENT_DISCLAIMER,
  },

  team: {
    heading: "Team and hiring",
    paragraphs: [
      `Our team is based in ${company.registeredOffice.city} and works in a hybrid way. We hire people who care about careful engineering, clear writing and the interests of the investors who use our products.`,
      "We are currently hiring in engineering, machine learning, product design and community.",
    ],
    link: { label: "See open roles", href: "/careers" },
  },

  investors: {
    heading: "Investors",
    paragraphs: [
      `We are raising a seed round of ${formatSeedRound()} to grow our engineering and research team, complete the Portfolio Manager launch and prepare for the first phase of our regulatory pathway.`,
      "Investor materials are available on request to suitable investors.",
    ],
    ctaLabel: "Contact investor relations",
    subject: "Investment Inquiry",
  },

  press: {
    heading: "Press",
    paragraphs: [
      "Our newsroom has our latest announcements, a fact sheet and a media kit. For interviews, comment or background briefings, please get in touch.",
    ],
    newsroomLink: { label: "Visit the newsroom", href: "/newsroom" },
    ctaLabel: "Press enquiries",
    subject: "Press Inquiry",
  },

  cta: {
    heading: "See the evidence for yourself",
    text: `Explore ${flagship}, read how our models are built and tested, or talk to us about working together.`,
    primaryLabel: `Explore ${flagship}`,
    secondaryLabel: "Contact us",
    secondarySubject: "General Inquiry",
  },
};
