import { company } from "./company";
import { leaders } from "./leaders";
import type { Card, ContactCallout, PageHero, Section, Tuple } from "./types";

const flagship = company.flagship.name;
const [ceo, cto] = leaders;

/** Copy for /research. */

export interface ResearchPillar extends Card {
  readonly id: "forecasting" | "interpretability" | "fairness" | "data-engineering";
  readonly points: readonly string[];
}

export interface ResearchContent {
  readonly hero: PageHero;
  readonly pillarsHeading: string;
  readonly pillars: Tuple<ResearchPillar, 4>;
  readonly founderResearch: Section;
  readonly datasets: Section;
  readonly methods: Section;
  readonly behaviouralRisk: Section;
  readonly communityIntelligence: Section;
  readonly predictionMarkets: Section;
  readonly personalFinanceAi: Section;
  readonly workWithLab: ContactCallout;
}

export const research: ResearchContent = {
  hero: {
    eyebrow: "Research",
    heading: "Research that ships, and is measured after it does",
    intro: `Our lab develops the forecasting, interpretability and data methods behind ${flagship}. Every model is evaluated before release and monitored in production, and we publish how it performs.`,
  },

  pillarsHeading: "Research pillars",
  pillars: [
    {
      id: "forecasting",
      title: "Forecasting",
      description:
        "Probabilistic forecasts of returns, volatility and drawdown, evaluated on data the model has never seen and tracked live after release.",
      points: [
        "Walk-forward evaluation with realistic delays and costs",
        "Calibration as well as accuracy: stated confidence should match outcomes",
        "Public accuracy records that include periods of poor performance",
      ],
    },
    {
      id: "interpretability",
      title: "Interpretability",
      description:
        "Explanations that show which factors drove a signal or risk score, tested for stability and for whether they actually help users understand.",
      points: [
        "Feature attributions checked for consistency across similar inputs",
        "Plain-English summaries reviewed against the underlying numbers",
        "User studies on whether explanations improve decisions",
      ],
    },
    {
      id: "fairness",
      title: "Fairness",
      description:
        "Checks that models do not perform well for some instruments, markets or user groups while quietly failing others.",
      points: [
        "Performance reported by asset class, market capitalisation and regime",
        "Review of features that could act as proxies for personal characteristics",
        "Release gates when performance gaps exceed agreed thresholds",
      ],
    },
    {
      id: "data-engineering",
      title: "Data engineering",
      description:
        "Point-in-time, versioned data pipelines with automated quality checks, so that research results are reproducible and free of look-ahead bias.",
      points: [
        "Point-in-time records, including delisted instruments",
        "Validation for gaps, outliers and corporate actions",
        "Lineage from raw source to every model input",
      ],
    },
  ],

  founderResearch: {
    id: "founder-research",
    heading: "Founder research",
    paragraphs: [
      `The lab's agenda grew out of our founders' own work. ${ceo.name} (${ceo.role}) studied ${ceo.research.title.charAt(0).toLowerCase()}${ceo.research.title.slice(1)}: how well forecasts keep their calibration as markets change, and how to show uncertainty to investors without overstating confidence. That work underpins our accuracy tracking.`,
      `${cto.name} (${cto.role}) built a real-time anomaly detector that attaches an explanation to every alert, and measured whether those explanations helped users separate genuine events from noise. The same approach now powers anomaly alerts in ${flagship}.`,
    ],
  },

  datasets: {
    id: "datasets",
    heading: "Datasets",
    paragraphs: [
      "Our research uses licensed market data, public company filings, macroeconomic releases and, with explicit permission, anonymised activity from the trading journals of users who opt in. Each dataset is stored with its source, licence, collection date and known limitations.",
    ],
    bullets: [
      "Daily and intraday prices, volumes and corporate actions for UK, European and US listed securities",
      "Fund and ETF holdings and cost data",
      "Macroeconomic calendars and release histories",
      "Aggregated, anonymised journal and portfolio data from consenting users",
      "Labelled anomaly events used to evaluate alerting",
    ],
  },

  methods: {
    id: "methods",
    heading: "Methods",
    paragraphs: [
      "We favour methods we can evaluate honestly and explain clearly. Gradient-boosted trees and regularised linear models remain strong baselines for tabular financial data; sequence models are used where they add measurable value. Every new model must beat a simple benchmark out of sample before it is considered for release.",
      "Evaluation uses walk-forward splits with embargo periods to prevent leakage, realistic assumptions about costs and data delays, and calibration metrics alongside error measures. Explanations are generated with attribution methods such as Shapley values and checked for stability before they are shown to users.",
    ],
  },

  behaviouralRisk: {
    id: "behavioural-risk",
    heading: "Behavioural risk science",
    paragraphs: [
      "Many investment losses come from behaviour rather than markets: trading too often, concentrating in familiar names, or selling after a fall. We study these patterns, with users' permission, using journal data and published research in behavioural finance.",
      "The aim is to help people notice their own habits. The trading journal can highlight, for example, that a user's results are weaker on trades opened after a loss. We design these prompts carefully, so that they inform without nudging people towards more trading.",
    ],
  },

  communityIntelligence: {
    id: "community-intelligence",
    heading: "Community intelligence",
    paragraphs: [
      "The Writer Program produces a growing body of analysis from vetted community members. We are researching how to assess that work fairly: whether a Writer's views have been informative over time, how to account for luck, and how to surface good analysis without rewarding sensational claims.",
      "Any scoring we develop will be explained to Writers and readers, and disclosure of interests will remain a condition of taking part.",
    ],
  },

  predictionMarkets: {
    id: "prediction-markets",
    heading: "Prediction markets",
    paragraphs: [
      "Prediction markets aggregate many people's expectations into prices that can be read as probabilities. We study how those probabilities compare with model forecasts and surveys for economic events such as interest rate decisions and inflation releases, and whether combining them improves calibration.",
      "This is research work. Any product that involved taking positions on outcomes would raise regulatory and gambling-law questions, and we would not pursue one without clear legal advice and the appropriate permissions.",
    ],
  },

  personalFinanceAi: {
    id: "personal-finance-ai",
    heading: "Personal finance AI",
    paragraphs: [
      "Language models can help people understand their finances, but they can also sound confident when they are wrong. Our work on the Portfolio Manager copilot and UK tax AI focuses on grounding: every answer must cite the figures and documents it relies on, and the system should say when it does not know.",
      "We test these assistants against curated question sets, including UK capital gains cases with known answers, and review failures before each release. They provide information and help with organisation; they do not give personalised advice.",
    ],
  },

  workWithLab: {
    heading: "Work with our lab",
    paragraphs: [
      "We welcome collaboration with universities, research groups, data providers and industry partners on forecasting, interpretability, fairness and financial data engineering. We can offer real-world evaluation problems, anonymised data under appropriate agreements and co-supervision of student projects. Tell us about your work and what you would like to explore.",
    ],
    ctaLabel: "Contact the research team",
    subject: "General Inquiry",
  },
};
