import { REGULATORY_PHASES } from "./about";
import { company, formatSeedRound } from "./company";
import { USE_OF_PROCEEDS } from "./investors";
import { INVESTMENT_DISCLAIMER } from "./disclaimer";
import type { Section } from "./types";

const flagship = company.flagship.name;
const { shortName } = company;
const [phaseOne, phaseTwo] = REGULATORY_PHASES;

/**
 * The whitepaper's content. scripts/whitepaper.ts renders it to public/whitepaper.pdf; the site
 * links to that file. Plain text only (no markup), using characters available in the PDF's
 * built-in Helvetica font.
 */

export interface Whitepaper {
  readonly title: string;
  readonly subtitle: string;
  /** ISO date, YYYY-MM-DD. */
  readonly date: string;
  readonly version: string;
  /** Short summary printed on the cover. */
  readonly summary: string;
  readonly sections: readonly Section[];
}

const proceedsItems = USE_OF_PROCEEDS.map((a) => `${a.label.toLowerCase()} (${a.percent}%)`);
const useOfProceedsSentence =
  proceedsItems.length > 1
    ? `${proceedsItems.slice(0, -1).join(", ")} and ${proceedsItems.slice(-1).join("")}`
    : proceedsItems.join("");

export const whitepaper: Whitepaper = {
  title: "Evidence You Can Check",
  subtitle: `How ${shortName} builds explainable, accountable investment software`,
  date: "2025-10-07",
  version: "Version 1.0",
  summary: `This paper describes how ${shortName} approaches data, forecasting, explainable risk and fairness; how those methods come together in ${flagship}; and how we intend to grow the business within the UK regulatory framework.`,
  sections: [
    {
      id: "summary",
      heading: "Executive summary",
      paragraphs: [
        `Millions of people in the United Kingdom now manage some or all of their investments themselves. Access has never been cheaper or easier, but the quality of information available to individual investors has not improved at the same pace. Most retail tools show prices, charts and headlines; some add signals or ratings, but very few explain how those signals were produced or how reliable they have been. ${shortName} exists to close that gap.`,
        `Our flagship platform, ${flagship}, is a subscription investing platform that combines smart portfolios, AI signals with explainable risk, in-house machine learning forecasts with public accuracy tracking, real-time market data and anomaly alerts, watchlists and an economic calendar, a trading journal connected to brokers and exchanges, a vetted Writer Program, a portfolio Leaderboard and help with UK capital gains. Each of these features follows the same rule: a number shown to a user should come with the context needed to judge it.`,
        "This paper sets out the principles and methods behind that rule. We describe how we source and manage data, how forecasting models are evaluated before and after release, how risk explanations are produced and checked, and how we test models for uneven performance. We then describe the product, our two-phase regulatory pathway, our business model and our roadmap.",
        "We have written it for prospective investors and partners, and for any user who wants to understand the tools they rely on. It is not a technical specification, and it contains no personalised investment advice.",
      ],
    },
    {
      id: "approach-to-data",
      heading: "Our approach to data",
      paragraphs: [
        "Every model is limited by the data it learns from. Financial data is noisy, revised after publication, affected by corporate actions and frequently biased towards the companies that survived. A model trained carelessly on such data can look excellent in testing and fail in use. Our approach to data is therefore conservative by design.",
        "We use licensed market data for prices, volumes and corporate actions; public filings and fund documents for fundamentals and holdings; and official release histories for macroeconomic series. Each dataset is registered with its source, licence terms, update schedule and known limitations before any model may use it. Where data is revised, we keep every vintage so that a model can be trained only on what was actually known at the time.",
        "User data is treated differently from market data. Activity from a user's trading journal or connected broker account is used to provide that user's own service. It is used for research only where the user has opted in, only in aggregated and de-identified form, and never sold. Users can export or delete their data at any time, and we design research projects so that withdrawing consent is straightforward.",
        "We prefer fewer, well-understood inputs to large collections of loosely documented features. A smaller input set is easier to validate, easier to explain and less likely to carry hidden proxies for characteristics that should play no part in a model's output.",
      ],
    },
    {
      id: "forecasting",
      heading: "ML forecasting and accuracy tracking",
      paragraphs: [
        `${flagship} includes forecasts produced by our own machine learning models: estimates of return distributions, volatility and drawdown risk over defined horizons for individual instruments and portfolios. We build them in-house because we need to know exactly how they were trained and tested, and because we want to stand behind their track record in public.`,
        "Our modelling choices are deliberately pragmatic. Gradient-boosted trees and regularised linear models remain strong baselines for tabular financial data, and every candidate model must beat a simple benchmark, such as a historical average or a naive volatility estimate, on data it has never seen. More complex sequence models are used only where they add measurable value after costs, delays and uncertainty are taken into account.",
        "Evaluation uses walk-forward testing: a model is trained on one period, tested on the next, and the window is moved forward through time. We insert embargo periods between training and test data to stop information leaking across the boundary, apply realistic assumptions about data delays and trading costs, and include instruments that were later delisted. We report calibration alongside accuracy. A forecast that claims 70% confidence should be right about 70% of the time; a model that is often right but badly calibrated can mislead users as much as one that is simply inaccurate.",
        "Evaluation does not stop at release. Every forecast shown in the platform is logged with the model version and inputs that produced it, and is scored once the outcome is known. The resulting accuracy and calibration figures are published for each model on a rolling basis, including periods when performance was poor. When a model's live results fall outside agreed bounds it is reviewed, and it may be retrained, restricted or withdrawn. Users see the same figures we use internally.",
        "Forecasts are one input among many. They describe probabilities, not certainties, and the platform presents them with their uncertainty ranges and their history so that users can decide how much weight to give them.",
      ],
    },
    {
      id: "explainable-risk",
      heading: "Explainable risk",
      paragraphs: [
        "A risk score or a signal that cannot be explained is difficult to use responsibly. An investor cannot tell whether it reflects something they already know, something they disagree with or a quirk of the data. We therefore treat explanation as part of the output, not an optional extra.",
        "Each AI signal in the platform is accompanied by the main factors that drove it, the direction and approximate size of each factor's contribution, and a confidence range. Portfolio risk scores are broken down into their components, such as volatility, historical drawdown, concentration in single holdings or sectors, and currency exposure, so that a user can see why a score has changed from one month to the next.",
        "Attributions are calculated with established methods such as Shapley values, and then tested. We check that explanations are stable, meaning that similar inputs produce similar explanations, and that they are faithful, meaning that removing a factor identified as important changes the output in the expected way. Plain-English summaries are generated from the underlying numbers using controlled templates and reviewed, so that the wording never claims more than the figures support.",
        "We also test whether explanations help. In early work on anomaly alerts, users shown the factors behind an alert were better at distinguishing genuine market events from noise than users shown the alert alone, without any increase in trading activity. We will continue to run studies of this kind, because an explanation that looks sophisticated but does not improve understanding has little value.",
      ],
    },
    {
      id: "fairness",
      heading: "Fairness",
      paragraphs: [
        "Fairness in investment models has two practical meanings for us. The first concerns instruments and markets: a model can perform well on average while performing badly for smaller companies, less liquid assets or particular market conditions, and users of those instruments deserve to know. The second concerns people: features derived from user behaviour or location could act as proxies for personal characteristics, and a model should not treat users differently on that basis.",
        "Before release, every model's performance is reported separately by asset class, market capitalisation band, liquidity and market regime. Where the gap between groups exceeds an agreed threshold, the model does not ship until the cause is understood and either corrected or clearly disclosed. In one recent case our checks showed that a forecasting model was noticeably less accurate for smaller companies; the cause was traced to sparse data for those firms, and the fix, together with the threshold now applied, was described in a public research note.",
        "Models that use user data are reviewed for proxy effects, and personal characteristics are excluded from model inputs. Features such as the Leaderboard are designed so that rankings reflect risk-adjusted results rather than raw returns, which would otherwise reward the users taking the largest risks.",
        "Fairness work is never finished. We record each review, repeat it when models or data change, and welcome scrutiny from users, researchers and partners.",
      ],
    },
    {
      id: "data-engineering",
      heading: "Data engineering",
      paragraphs: [
        "Reliable models depend on reliable pipelines. Our data platform is built around three properties: records are point-in-time, datasets are versioned, and every transformation is traceable.",
        "Point-in-time storage means that for any date we can reconstruct exactly what was known on that date, including prices of instruments that have since been delisted and the original values of data that was later revised. This is the main defence against look-ahead bias, one of the most common reasons that promising research fails in practice.",
        "Every dataset and feature is versioned, and every model records the versions it was trained on. Automated checks run on each update to detect missing values, gaps in time series, implausible moves, stale prices and unapplied corporate actions. Failures stop the pipeline and alert an engineer rather than allowing questionable data to reach a model or a user.",
        "The same infrastructure delivers real-time data to the platform. Streaming prices and volumes feed anomaly detection, which flags unusual moves, volume spikes and gaps and attaches an explanation to each alert. Latency, completeness and alert quality are monitored continuously.",
        "Security and privacy are designed into the platform. Broker and exchange connections use read-only access where providers support it, credentials are encrypted, access to production data is restricted and logged, and user data used for research is de-identified before it leaves the production environment.",
      ],
    },
    {
      id: "product",
      heading: `The product: ${flagship} and beyond`,
      paragraphs: [
        `${flagship} brings the methods described above into a single subscription platform. Users can build smart portfolios from model or hand-picked holdings; follow AI signals with explainable risk; view forecasts alongside their accuracy records; receive real-time data and anomaly alerts; track instruments on watchlists with an economic calendar; and keep a trading journal that imports activity from connected brokers and exchanges.`,
        "Community features are built with the same care. The Writer Program allows vetted members to publish research and analysis. Writers apply and are reviewed before they can publish, must disclose any interest in what they write about, and receive a share of the advertising revenue generated by their content. The portfolio Leaderboard compares public portfolios on risk-adjusted terms. Messaging lets users discuss ideas, subject to moderation and clear rules on promotion.",
        "For UK investors, the platform helps organise capital gains records: it gathers disposals, applies the share-matching rules and produces summaries that can be checked and used when completing Self Assessment. This is record-keeping support, not tax advice.",
        "Portfolio Manager, currently in beta with a waitlist, extends these capabilities for long-term investors. It supports AI-assisted and manual portfolios, provides a risk score for each portfolio broken down into its drivers, offers an AI copilot that answers questions about a portfolio with references to the figures behind each answer, and includes UK tax AI that reads capital gains documents such as contract notes and broker statements. The copilot is designed to say when it does not know, and it explains rather than recommends.",
        "Beyond these, we are developing a usage-based Finance API and researching further platforms, including peer-to-peer exchange and lending, fractional real estate investing, insurance and a sterling stable currency. Several of these involve regulated activities and will be launched only with the appropriate permissions and partners in place.",
      ],
    },
    {
      id: "regulation",
      heading: "Regulation: our UK pathway",
      paragraphs: [
        `${shortName} is not currently authorised by the Financial Conduct Authority. Our products are designed to provide information, analysis and tools, and we do not provide personalised investment advice, hold client money or assets, or execute trades. Where a user connects a broker or exchange account, orders are placed with and carried out by that firm under its own terms.`,
        `We have planned our regulatory position in two phases. ${phaseOne.phase} (${phaseOne.title}): ${phaseOne.description}`,
        `${phaseTwo.phase} (${phaseTwo.title}): ${phaseTwo.description}`,
        "Throughout both phases we design products with the outcomes expected of firms serving retail customers in mind: clear and fair communications, products that meet the needs of their intended users, fair value for the price charged, and support that helps people understand what they are using. Financial promotions, including Writer content that we host, are subject to review, and Writers must not give personalised advice or make misleading claims.",
        "We will not launch products involving lending, insurance, payments or other regulated activities until the appropriate authorisation or partnership is in place, and our roadmap timings reflect that.",
      ],
    },
    {
      id: "business-model",
      heading: "Business model",
      paragraphs: [
        "Our business model is designed so that we do well when users find the product useful, not when they trade more. We do not charge commission on trades and we do not receive payment for directing orders to any broker.",
        `Subscriptions are the primary revenue line. ${flagship} is offered on monthly and annual plans, billed in advance, with clear pricing and simple cancellation. Portfolio Manager will be offered on the same basis once it leaves beta.`,
        "Usage-based APIs and data form the second line. The same cleaned data, forecasts and risk outputs that power our platforms will be available to developers, fintech firms and researchers through the Finance API, priced by usage.",
        "The third line is creator ad-revenue share. Advertising placed around Writer Program content generates revenue that is shared with the Writers who produce it. This rewards careful, well-read research and supports a healthy community without asking readers to pay for individual tips. Advertising is subject to our content standards and is clearly labelled.",
        "Over time, the wider ecosystem of platforms will add further revenue lines that share the same infrastructure, data and models, improving margins as the business grows.",
      ],
    },
    {
      id: "roadmap",
      heading: "Roadmap",
      paragraphs: [
        `We are raising a seed round of ${formatSeedRound()}. We expect it to fund around 18 months of work, allocated to ${useOfProceedsSentence}. Our priorities over that period are as follows.`,
        `In the near term we will complete the Portfolio Manager beta and open it more widely, continue to publish quarterly accuracy reports for every forecast model, extend broker and exchange connections for the trading journal, and grow the Writer Program with consistent editorial and disclosure standards.`,
        "In parallel we will prepare for the first phase of our regulatory pathway: selecting an FCA-authorised principal, building the compliance function, controls and reporting that an appointed representative arrangement requires, and reviewing our products and communications against the standards expected for retail customers.",
        "In the medium term we will release the first version of the Finance API to selected partners, deepen our research on behavioural risk, community intelligence and personal finance AI, and begin preparing an application for direct authorisation. Further platforms will follow only when their regulatory and partnership requirements have been met. We will report progress against this roadmap openly, including where plans change.",
      ],
    },
    {
      id: "important-information",
      heading: "Important information",
      paragraphs: [
        INVESTMENT_DISCLAIMER,
        `This whitepaper is published by ${company.legalName} for general information. It describes our approach, products and plans as at the date shown, and these may change. Statements about future plans, including product launches, regulatory steps and the use of funds, are forward-looking and subject to risks and uncertainties; actual outcomes may differ materially.`,
        `Nothing in this document is an offer or invitation to buy or subscribe for shares or any other security, and it should not be relied on in making an investment decision. ${shortName} is not authorised by the Financial Conduct Authority. Any investment in the company will be offered only to persons to whom it may lawfully be promoted, on the basis of formal documentation. Investing in an early-stage company carries a high risk, including the risk of losing all the money invested.`,
        "Model accuracy figures referred to in this paper describe past performance, which is not a reliable indicator of future results. Product descriptions are accurate at the date of publication; features may be changed, withdrawn or added.",
      ],
    },
  ],
};
