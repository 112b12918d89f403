import { company } from "./company";
import type { Tuple } from "./types";

/**
 * The two co-founders. Names, education and research are fictional placeholders (the company is
 * fictional); replace them with the real founders' details before publication.
 */

export interface LeaderResearch {
  /** "Research" or "Capstone project". */
  readonly kind: "Research" | "Capstone project";
  readonly title: string;
  readonly summary: string;
}

export interface Leader {
  readonly id: string;
  readonly name: string;
  readonly role: string;
  readonly education: readonly string[];
  readonly research: LeaderResearch;
  readonly focusAreas: readonly string[];
  readonly bio: string;
}

const flagship = company.flagship.name;

export const leaders: Tuple<Leader, 2> = [
  {
    id: "amara-osei",
    name: "Amara Osei",
    role: "Co-founder & CEO",
    education: ["MSc Financial Mathematics, with distinction", "BSc Economics and Statistics"],
    research: {
      kind: "Research",
      title: "Calibrated return forecasts for retail portfolios",
      summary:
        "Studied how well probabilistic forecasts of equity returns hold their calibration across market regimes, and how forecast uncertainty can be communicated to non-specialist investors without overstating confidence.",
    },
    focusAreas: [
      "Company strategy and fundraising",
      "Forecast evaluation and accuracy reporting",
      "Regulatory pathway and compliance",
      "Partnerships with brokers and data providers",
    ],
    bio: `Amara leads ${company.shortName}'s strategy, regulatory planning and partnerships. Before founding the company she worked on risk analytics for investment products, where she saw how rarely retail investors are shown the uncertainty behind a forecast. She set up ${flagship} so that every model's record is visible to the people who use it.`,
  },
  {
    id: "tomas-lindqvist",
    name: "Tomas Lindqvist",
    role: "Co-founder & CTO",
    education: ["MSc Machine Learning", "BEng Computer Systems Engineering"],
    research: {
      kind: "Capstone project",
      title: "Explaining anomaly alerts in streaming market data",
      summary:
        "Built a real-time anomaly detector for price and volume data that attaches feature attributions to each alert, and measured whether the explanations helped users tell genuine events from noise.",
    },
    focusAreas: [
      "Platform architecture and security",
      "Machine learning infrastructure",
      "Interpretability and fairness testing",
      "Market data engineering",
    ],
    bio: `Tomas leads engineering, data and machine learning at ${company.shortName}. He has built streaming data systems and model-serving infrastructure, and designs ${flagship} so that explanations, monitoring and data quality checks are part of the platform rather than added afterwards.`,
  },
];
