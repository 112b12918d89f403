import { company } from "./company";
import type { Card, PageHero, Tuple } from "./types";

const flagship = company.flagship.name;
const { shortName } = company;
const city = company.registeredOffice.city;

/** Copy for /careers. Each Apply link opens the contact dialog with "Career Inquiry". */

export interface OpenRole {
  readonly slug: string;
  readonly title: string;
  readonly location: string;
  readonly type: string;
  readonly description: string;
  readonly responsibilities: readonly string[];
  readonly requirements: readonly string[];
}

export interface CareersContent {
  readonly hero: PageHero;
  readonly rolesHeading: string;
  readonly roles: Tuple<OpenRole, 4>;
  readonly applyLabel: string;
  readonly applySubject: "Career Inquiry";
  readonly valuesHeading: string;
  readonly values: readonly Card[];
  readonly benefitsHeading: string;
  readonly benefits: readonly string[];
  readonly speculative: { readonly heading: string; readonly text: string; readonly ctaLabel: string };
  readonly equalOpportunity: string;
}

const location = `${city} (hybrid, two days a week in the office)`;
const type = "Full-time, permanent";

export const careers: CareersContent = {
  hero: {
    eyebrow: "Careers",
    heading: "Help build investment tools people can trust",
    intro: `${shortName} is a small team building ${flagship} and the platforms around it. We value careful work, clear thinking and honesty about what our products can and cannot do.`,
  },

  rolesHeading: "Open roles",
  roles: [
    {
      slug: "full-stack-engineer",
      title: "Full-Stack Engineer",
      location,
      type,
      description: `Build and maintain the product features that investors use every day in ${flagship} and Portfolio Manager, from the database to the interface, with a strong focus on correctness, performance and accessibility.`,
      responsibilities: [
        "Design, build and ship features across our TypeScript web stack and APIs",
        "Integrate broker, exchange and market data connections reliably and securely",
        "Write tests, review code and improve our deployment and monitoring",
        "Work with design and ML colleagues to present data and explanations clearly",
        "Take part in a fair, lightweight on-call rota for production systems",
      ],
      requirements: [
        "Solid experience building production web applications with TypeScript or a similar language",
        "Comfort with relational databases, API design and data modelling",
        "Care for accessibility, security and good user experience",
        "Clear written communication and a habit of documenting decisions",
        "Interest in financial markets is helpful; expertise is not required",
      ],
    },
    {
      slug: "machine-learning-engineer",
      title: "Machine Learning Engineer",
      location,
      type,
      description:
        "Develop, evaluate and operate the forecasting, signal and risk models behind our platforms, and the systems that track their accuracy, explain their outputs and check them for fairness.",
      responsibilities: [
        "Build and improve forecasting and risk models on financial time series",
        "Design rigorous walk-forward evaluations free of look-ahead bias and leakage",
        "Maintain the pipelines for training, serving, monitoring and accuracy reporting",
        "Develop and test explanation methods for signals and risk scores",
        "Run fairness and performance checks before each model release",
      ],
      requirements: [
        "Strong Python and experience shipping machine learning models to production",
        "Sound grounding in statistics, including calibration and out-of-sample evaluation",
        "Experience with time series, tabular data or financial data",
        "Familiarity with interpretability methods such as Shapley values",
        "Scepticism about results that look too good, and the discipline to check them",
      ],
    },
    {
      slug: "product-designer",
      title: "Product Designer",
      location,
      type,
      description:
        "Shape how investors experience our platforms, turning complex data, uncertainty and risk into interfaces that are clear, calm and honest, and that respect users' own judgement.",
      responsibilities: [
        "Lead design for new features from research and concept to shipped interface",
        "Design clear ways to show forecasts, confidence ranges and risk explanations",
        "Run usability testing with investors and feed the results into decisions",
        "Maintain and extend our design system, with accessibility built in",
        "Work with compliance to make sure wording is fair, clear and not misleading",
      ],
      requirements: [
        "A portfolio showing end-to-end product design for data-rich applications",
        "Experience with user research and usability testing",
        "Strong interaction and information design skills",
        "Working knowledge of accessibility standards such as WCAG 2.2",
        "Experience in financial services or data visualisation is an advantage",
      ],
    },
    {
      slug: "community-growth-lead",
      title: "Community & Growth Lead",
      location,
      type,
      description: `Grow and look after the ${flagship} community, including our Writer Program, and lead growth through content, partnerships and referrals rather than promotion that oversells.`,
      responsibilities: [
        "Recruit, vet and support Writers, and run the Writer Program day to day",
        "Apply our editorial and disclosure standards and handle moderation fairly",
        "Plan and measure growth through content, partnerships and community events",
        "Work with compliance to keep all communications fair, clear and not misleading",
        "Bring community feedback into product and research priorities",
      ],
      requirements: [
        "Experience growing an online community, creator programme or subscription product",
        "Excellent writing and editing skills",
        "A good understanding of retail investing and its risks",
        "Sound judgement on moderation and conflicts of interest",
        "Comfort with analytics and setting measurable goals",
      ],
    },
  ],
  applyLabel: "Apply",
  applySubject: "Career Inquiry",

  valuesHeading: "How we work together",
  values: [
    {
      title: "Transparency",
      description:
        "We share context openly inside the team, write down decisions and are candid about mistakes.",
    },
    {
      title: "Quality",
      description: "We would rather ship something small and right than something large and unreliable.",
    },
    {
      title: "User agency",
      description:
        "We build tools that inform people's decisions and never try to make those decisions for them.",
    },
    {
      title: "Integrity",
      description: "We do what we say, avoid conflicts of interest and raise concerns early.",
    },
  ],

  benefitsHeading: "Benefits",
  benefits: [
    "Competitive salary and meaningful share options",
    "25 days' holiday plus UK bank holidays",
    `Hybrid working from our ${city} office, with flexible hours`,
    "Employer pension contributions above the statutory minimum",
    "An annual learning budget for courses, books and conferences",
    "Equipment of your choice for work at home and in the office",
    "Enhanced parental leave",
    "Private medical insurance",
  ],

  speculative: {
    heading: "Don't see your role?",
    text: "We are always glad to hear from people who share our values. Tell us about yourself and how you could help.",
    ctaLabel: "Get in touch",
  },

  equalOpportunity: `${shortName} is an equal opportunity employer. We welcome applications from people of all backgrounds and will make reasonable adjustments at any stage of the process; just let us know what you need.`,
};
