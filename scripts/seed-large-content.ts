/**
 * The seed-large script's words: posts, roles, contact messages and audit entries made from templates and
 * word lists, deterministic by index (see seed-large-random.ts). Nothing here touches the database.
 */
import { PRESET_SUBJECTS } from "~/schemas/contact-fields";
import { randomFor, type Random } from "./seed-large-random";

export type PostCategory = "news" | "product_update" | "partnership" | "research_note";
export type EmploymentType = "full_time" | "part_time" | "contract" | "internship";

const DAY = 24 * 60 * 60 * 1000;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// ---------------------------------------------------------------------------------------------------------
// Vocabulary

const PRODUCTS = [
  "Portfolio Manager",
  "Trading",
  "Finance API",
  "the trading journal",
  "the signals dashboard",
  "the forecast tracker",
  "Watchlists",
  "the risk monitor",
  "the dividend calendar",
  "the tax summary",
] as const;
const PRODUCT_NAMES = [
  "Portfolio Manager",
  "Trading",
  "Finance API",
  "Watchlist",
  "Signals Dashboard",
  "Forecast Tracker",
  "Risk Monitor",
  "Dividend Calendar",
  "Trading Journal",
  "Tax Summary",
] as const;
const FEATURES = [
  "drawdown alerts",
  "ISA allowance tracking",
  "pension contribution forecasts",
  "dividend reinvestment projections",
  "volatility bands on every chart",
  "explained anomaly alerts",
  "multi-currency portfolios",
  "capital gains reports",
  "rebalancing suggestions",
  "sector exposure breakdowns",
  "calibrated forecast intervals",
  "broker imports over open banking",
  "custom benchmarks",
  "risk-adjusted leaderboards",
  "earnings calendar overlays",
  "sentiment signals from filings",
  "CSV exports of every trade",
  "a dark theme",
  "keyboard shortcuts",
  "SIPP and LISA wrappers",
  "stop-loss reminders",
  "FX exposure warnings",
  "liquidity scores",
  "model confidence labels",
] as const;
const TOPICS = [
  "momentum signals",
  "dividend growth",
  "volatility regimes",
  "small-cap risk",
  "forecast calibration",
  "portfolio concentration",
  "ISA allocation",
  "pension drawdown",
  "interest-rate sensitivity",
  "gilt yields",
  "sterling strength",
  "earnings surprises",
  "mean reversion",
  "sector rotation",
  "inflation-linked assets",
  "home bias in UK portfolios",
  "fees and long-run returns",
  "tail risk",
  "rebalancing frequency",
  "explainable forecasts",
  "retail sentiment",
  "liquidity in FTSE 250 stocks",
  "ETF tracking error",
  "Consumer Duty outcomes",
] as const;
const DATA_SOURCES = [
  "FTSE 350 prices",
  "dividend announcements",
  "regulatory filings",
  "broker trade data",
  "options-implied volatility",
  "Bank of England rate decisions",
  "fund flow data",
  "anonymised journal entries",
  "earnings call transcripts",
  "economic calendar releases",
] as const;
const MARKETS = [
  "UK equities",
  "FTSE 100 stocks",
  "FTSE 250 stocks",
  "AIM shares",
  "European ETFs",
  "US large caps",
  "gilts",
  "global REITs",
] as const;
const AUDIENCES = [
  "self-directed investors",
  "ISA savers",
  "pension savers",
  "first-time investors",
  "dividend investors",
  "active traders",
  "financial advisers",
  "our Writer Program members",
] as const;
const PARTNERS = [
  "Northbridge Data",
  "Halden Securities",
  "the University of Leeds",
  "Cairn Analytics",
  "Thamesview Brokers",
  "OpenLedger",
  "Meridian Research",
  "Albion Wealth",
  "the Edinburgh Fintech Hub",
  "Pennine Capital",
  "Quayside Labs",
  "Fairway Index Partners",
  "Greyfriars Asset Management",
  "the Investor Education Trust",
] as const;
const CITIES = [
  "London",
  "Manchester",
  "Edinburgh",
  "Leeds",
  "Bristol",
  "Cardiff",
  "Belfast",
  "Birmingham",
] as const;
const QUARTERS = ["Q1", "Q2", "Q3", "Q4"] as const;
const METRICS = [
  "hit rate",
  "Sharpe ratio",
  "drawdown",
  "forecast error",
  "turnover",
  "tracking error",
  "dividend yield",
  "win rate",
] as const;
const CHANGES = ["improved", "fell", "held steady", "rose", "narrowed", "widened"] as const;
const REGIMES = [
  "high-volatility markets",
  "a rising-rate cycle",
  "a falling-rate cycle",
  "quiet markets",
  "recessions",
  "bull markets",
] as const;

// ---------------------------------------------------------------------------------------------------------
// Sentences and Markdown

function sentence(random: Random): string {
  const templates: (() => string)[] = [
    () =>
      `Our ${random.pick(["models", "forecasts", "signals", "risk scores", "alerts"])} now cover ${random.pick(MARKETS)}, with ${random.pick(FEATURES)} for every holding.`,
    () =>
      `${capitalise(random.pick(AUDIENCES))} told us they wanted ${random.pick(FEATURES)} without leaving ${random.pick(PRODUCTS)}.`,
    () =>
      `Across ${random.int(3, 40)} years of ${random.pick(DATA_SOURCES)}, the ${random.pick(METRICS)} of ${random.pick(TOPICS)} ${random.pick(CHANGES)} by ${random.int(1, 35)}% in ${random.pick(REGIMES)}.`,
    () =>
      `This matters most for anyone holding ${random.pick(MARKETS)} in an ISA or a pension, where fees and timing compound over decades.`,
    () =>
      `We measured ${random.pick(TOPICS)} against a simple benchmark before trusting any forecast, and we publish the misses as well as the hits.`,
    () =>
      `Volatility is not the same as risk: a portfolio can be calm for years and still carry a concentration it cannot afford.`,
    () =>
      `The ${random.pick(["FCA", "Financial Conduct Authority"])} expects firms to show how their tools lead to good outcomes, and we think that is the right bar.`,
    () =>
      `Dividend investors will see ${random.pick(FEATURES)} alongside the payment dates they already track.`,
    () =>
      `None of this is financial advice: the signals explain what the data shows, and the decision stays with you.`,
    () =>
      `We backtested the change on ${random.pick(DATA_SOURCES)} from ${2008 + random.int(0, 12)} onwards, then ran it live for ${random.int(3, 18)} months before shipping it.`,
    () =>
      `The forecast interval widens when ${random.pick(TOPICS)} dominate, which is exactly when a single number would mislead.`,
    () =>
      `${capitalise(random.pick(PARTNERS))} brings ${random.pick(DATA_SOURCES)} that we could not gather on our own.`,
    () =>
      `In ${random.pick(REGIMES)}, ${random.pick(TOPICS)} explained more of the spread in returns than ${random.pick(TOPICS)} did.`,
    () =>
      `Rebalancing once a ${random.pick(["quarter", "year", "month"])} kept the portfolio within ${random.int(2, 10)} percentage points of its target mix.`,
    () =>
      `Pension savers with decades ahead can ride out volatility that would worry someone drawing an income next year.`,
    () =>
      `The new view in ${random.pick(PRODUCTS)} shows ${random.pick(METRICS)} beside each position, so the risk is visible before the trade.`,
    () =>
      `We would rather be calibrated than confident: a 70% forecast should come true about 70% of the time.`,
    () =>
      `Feedback from ${random.int(40, 900)} beta users shaped the design, and ${random.int(2, 12)} of their suggestions made the first release.`,
    () =>
      `Sterling moves added noise to ${random.pick(MARKETS)}, so the signal is shown both in local currency and in pounds.`,
    () =>
      `You can switch it off in settings, and nothing about your existing portfolio or watchlists changes.`,
  ];
  return random.pick(templates)();
}

function paragraph(random: Random, sentences = random.int(2, 5)): string {
  const picked = new Set<string>();
  // A sentence drawn twice is drawn again (a few times at most: some templates have no blanks).
  for (let tries = 0; picked.size < sentences && tries < sentences * 4; tries++) picked.add(sentence(random));
  return [...picked].join(" ");
}

function bulletList(random: Random, ordered = random.chance(0.3)): string {
  const items = random.sample(
    [
      ...FEATURES.map((feature) => capitalise(feature)),
      ...TOPICS.map((topic) => `How ${topic} changes the picture`),
      ...METRICS.map((metric) => `The ${metric}, measured against a benchmark`),
    ],
    random.int(3, 6),
  );
  return items.map((item, n) => (ordered ? `${n + 1}. ${item}` : `- ${item}`)).join("\n");
}

/** A bulleted list of three to five of `items`, drawn at random. */
function someOf(random: Random, items: readonly string[]): string {
  return random
    .sample(items, random.int(3, 5))
    .map((item) => `- ${item}`)
    .join("\n");
}

const HEADINGS = [
  "What changes",
  "Why it matters",
  "How we measured it",
  "What we found",
  "The data",
  "What comes next",
  "Limitations",
  "How to use it",
  "Risk and volatility",
  "For ISA and pension savers",
  "Method",
  "Results",
  "What we are not claiming",
  "Availability",
] as const;

function markdownBody(random: Random, title: string): string {
  const sections = random.sample(HEADINGS, random.int(2, 4));
  const parts = [paragraph(random, random.int(2, 4))];
  for (const heading of sections) {
    parts.push(`## ${heading}`);
    parts.push(paragraph(random));
    if (random.chance(0.55)) parts.push(bulletList(random));
    if (random.chance(0.3)) parts.push(paragraph(random, random.int(1, 3)));
    if (random.chance(0.15)) parts.push(`> ${sentence(random)}`);
  }
  if (random.chance(0.4)) {
    parts.push(
      `Read more about our method on the [research page](/research), or get in touch about **${title.toLowerCase()}**.`,
    );
  }
  return parts.join("\n\n");
}

// ---------------------------------------------------------------------------------------------------------
// Posts

export interface SeedPost {
  title: string;
  summary: string;
  body: string;
  category: PostCategory;
  publishedAt: Date;
  updatedAt: Date;
  authorName: string;
}

const AUTHORS = [
  "Kestrel Insight Newsroom",
  "Amara, Kestrel Insight Newsroom",
  "Tom, Kestrel Insight Newsroom",
  "Priya, Kestrel Insight Newsroom",
  "Callum, Kestrel Insight Newsroom",
] as const;

function postTitle(random: Random, category: PostCategory, year: number): string {
  const templates: Record<PostCategory, (() => string)[]> = {
    news: [
      () => `Kestrel Insight opens a ${random.pick(CITIES)} office`,
      () =>
        `${random.pick(["Notes from", "What we learned at", "Our talk at"])} ${random.pick(["Money20/20", "Fintech Talents", "the London Investor Show", "PyData London", "the CFA UK conference"])} ${year}`,
      () => `${capitalise(random.pick(AUDIENCES))} and ${random.pick(TOPICS)}: our ${year} survey`,
      () =>
        `Kestrel Insight joins the ${random.pick(["FCA regulatory sandbox", "FCA Innovation Pathways", "Digital Sandbox cohort", "UK Fintech Week line-up"])} ${year}`,
      () => `${random.pick(QUARTERS)} ${year} update: ${random.pick(TOPICS)} and ${random.pick(FEATURES)}`,
      () =>
        `Kestrel Insight passes ${(random.int(2, 95) * 1000).toLocaleString("en-GB")} ${random.pick(["users", "tracked forecasts", "journal entries", "portfolios"])}`,
      () =>
        `Kestrel Insight appoints a new ${random.pick(["head of research", "chief risk officer", "head of compliance", "engineering lead", "head of product"])}`,
      () => `Our ${year} model accuracy report on ${random.pick(TOPICS)}`,
      () =>
        `Kestrel Insight at ${random.pick(["Money20/20", "Fintech Talents", "the London Investor Show", "Mines and Money", "the UK Investor Show"])} ${year}`,
      () =>
        `Changes to how we handle ${random.pick(["your data", "pension data", "broker connections", "cookies", "support requests"])} in ${year}`,
    ],
    product_update: [
      () => `${random.pick(PRODUCT_NAMES)} adds ${random.pick(FEATURES)}`,
      () => `New in ${random.pick(PRODUCT_NAMES)}: ${random.pick(FEATURES)}`,
      () =>
        `${random.pick(PRODUCT_NAMES)} ${random.int(1, 4)}.${random.int(0, 12)} brings ${random.pick(FEATURES)} and ${random.pick(FEATURES)}`,
      () =>
        `Faster ${random.pick(["imports", "forecasts", "charts", "exports", "alerts", "search"])} in ${random.pick(PRODUCT_NAMES)}`,
      () => `${capitalise(random.pick(FEATURES))} for ${random.pick(AUDIENCES)}`,
      () => `${random.pick(PRODUCT_NAMES)}: ${random.pick(FEATURES)} is now available to everyone`,
      () =>
        `${random.pick(PRODUCT_NAMES)} now explains its ${random.pick(["risk scores", "signals", "forecasts", "alerts"])}`,
    ],
    partnership: [
      () => `Kestrel Insight partners with ${random.pick(PARTNERS)} on ${random.pick(TOPICS)}`,
      () => `${capitalise(random.pick(PARTNERS))} and Kestrel Insight to study ${random.pick(TOPICS)}`,
      () =>
        `Working with ${random.pick(PARTNERS)}: ${random.pick(DATA_SOURCES)} for ${random.pick(AUDIENCES)}`,
      () => `${capitalise(random.pick(PARTNERS))} joins our data partner programme`,
      () => `A research grant with ${random.pick(PARTNERS)} on ${random.pick(TOPICS)}`,
    ],
    research_note: [
      () =>
        `What ${random.int(5, 40)} years of ${random.pick(DATA_SOURCES)} say about ${random.pick(TOPICS)}`,
      () => `What happens to ${random.pick(TOPICS)} in ${random.pick(REGIMES)}?`,
      () =>
        `${capitalise(random.pick(TOPICS))} in ${random.pick(MARKETS)}: ${random.pick(["a first look", "the evidence", "what the data shows", "an update", "myths and data"])}`,
      () => `Measuring ${random.pick(METRICS)} in ${random.pick(MARKETS)}`,
      () => `Why ${random.pick(AUDIENCES)} should watch ${random.pick(TOPICS)}`,
      () => `${capitalise(random.pick(TOPICS))} versus ${random.pick(TOPICS)} in ${random.pick(MARKETS)}`,
      () => `Forecast calibration in ${random.pick(REGIMES)}: a ${random.pick(QUARTERS)} ${year} review`,
      () =>
        `The cost of ignoring ${random.pick(TOPICS)} in a ${random.pick(["pension", "stocks and shares ISA", "dividend portfolio", "SIPP"])}`,
    ],
  };
  return random.pick(templates[category])();
}

/**
 * Post `index` of `total`: published at a time spread over the last four years, oldest first. A title
 * `taken` says is in use is drawn again (from generators of its own, so the rest of the post is unchanged).
 */
export function seedPost(
  index: number,
  total: number,
  now: Date,
  taken: (title: string) => boolean = () => false,
): SeedPost {
  const random = randomFor("post", index);
  const span = 4 * 365 * DAY;
  const position = (index + random.next()) / Math.max(1, total);
  const day = new Date(now.getTime() - span + position * span);
  day.setUTCHours(random.int(7, 17), random.int(0, 59), 0, 0);
  const publishedAt = new Date(Math.min(day.getTime(), now.getTime() - 60 * 60 * 1000));
  const category = random.weighted(
    ["news", "product_update", "partnership", "research_note"] as const,
    [30, 30, 15, 25],
  );
  let title = postTitle(random, category, publishedAt.getUTCFullYear());
  for (let attempt = 1; attempt <= 50 && taken(title); attempt++) {
    title = postTitle(randomFor(`post-title:${attempt}`, index), category, publishedAt.getUTCFullYear());
  }
  const summary = `${paragraph(random, random.int(1, 2))}`.slice(0, 480);
  const updatedAt = random.chance(0.2)
    ? new Date(Math.min(now.getTime(), publishedAt.getTime() + random.int(1, 60) * DAY))
    : publishedAt;
  return {
    title,
    summary,
    body: markdownBody(random, title),
    category,
    publishedAt,
    updatedAt,
    authorName: random.pick(AUTHORS),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Roles

export interface SeedRole {
  title: string;
  team: string;
  location: string;
  employmentType: EmploymentType;
  summary: string;
  body: string;
  status: "draft" | "published";
  publishedAt: Date | null;
  closesAt: Date | null;
  createdAt: Date;
}

const DISCIPLINES = [
  ["Backend Engineer", "Engineering"],
  ["Frontend Engineer", "Engineering"],
  ["Full-Stack Engineer", "Engineering"],
  ["Site Reliability Engineer", "Platform"],
  ["Data Engineer", "Data"],
  ["Machine Learning Engineer", "Research"],
  ["Quantitative Researcher", "Research"],
  ["Data Scientist", "Research"],
  ["Product Designer", "Design"],
  ["Product Manager", "Product"],
  ["Compliance Analyst", "Risk and Compliance"],
  ["Financial Crime Analyst", "Risk and Compliance"],
  ["Customer Support Specialist", "Operations"],
  ["Community Manager", "Growth"],
  ["Content Writer", "Growth"],
  ["Security Engineer", "Platform"],
  ["QA Engineer", "Engineering"],
  ["Finance Manager", "Finance"],
] as const;
const SENIORITY = ["", "Junior ", "Senior ", "Staff ", "Lead ", "Principal "] as const;
const LOCATIONS = [
  "London (hybrid, two days a week in the office)",
  "Remote (UK)",
  "Manchester (hybrid)",
  "Edinburgh (hybrid)",
  "London or remote (UK)",
  "Leeds (hybrid)",
  "Bristol (hybrid)",
] as const;

/** Role `index`: most live, some closed, some drafts. */
export function seedRole(index: number, now: Date): SeedRole {
  const random = randomFor("role", index);
  const [discipline, team] = random.pick(DISCIPLINES);
  const employmentType = random.weighted(
    ["full_time", "part_time", "contract", "internship"] as const,
    [75, 8, 12, 5],
  );
  const seniority = employmentType === "internship" ? "" : random.pick(SENIORITY);
  const title = employmentType === "internship" ? `${discipline} Intern` : `${seniority}${discipline}`;
  const state = random.weighted(["live", "closed", "draft"] as const, [78, 12, 10]);
  const opened = new Date(now.getTime() - random.int(1, 150) * DAY - random.int(0, 23) * 60 * 60 * 1000);
  let publishedAt: Date | null = opened;
  let closesAt: Date | null = null;
  if (state === "live" && random.chance(0.5)) closesAt = new Date(now.getTime() + random.int(7, 90) * DAY);
  if (state === "closed") {
    publishedAt = new Date(now.getTime() - random.int(120, 700) * DAY);
    closesAt = new Date(publishedAt.getTime() + random.int(20, 100) * DAY);
  }
  if (state === "draft") publishedAt = null;
  const location = random.pick(LOCATIONS);
  const summary = `Join the ${team} team to work on ${random.pick(FEATURES)} and ${random.pick(TOPICS)} for ${random.pick(AUDIENCES)}.`;
  const body = [
    `## About the role`,
    paragraph(random, random.int(2, 3)),
    `## What you will do`,
    someOf(random, [
      `Build and run ${random.pick(FEATURES)} in ${random.pick(PRODUCTS)}`,
      `Work with research on ${random.pick(TOPICS)}`,
      "Write clear documentation and decision records",
      "Review code and designs with the rest of the team",
      "Talk to customers every month",
      "Keep our FCA obligations in mind in everything we ship",
      "Measure what you ship and share the results",
      "Help us hire the next people on the team",
    ]),
    `## What we look for`,
    someOf(random, [
      "Care for the details that make software trustworthy",
      "Experience with TypeScript, Python or SQL",
      "An interest in markets, portfolio risk or personal finance",
      "Clear written communication",
      "Comfort with ambiguity in a small team",
      "Experience in a regulated environment",
    ]),
    `## What we offer`,
    `A salary of £${random.int(35, 120)},000 to £${random.int(121, 160)},000, a ${random.int(5, 10)}% pension contribution, ${random.int(25, 30)} days of holiday and a learning budget.`,
  ].join("\n\n");
  const createdAt = new Date((publishedAt ?? opened).getTime() - random.int(0, 5) * DAY);
  return {
    title,
    team,
    location,
    employmentType,
    summary,
    body,
    status: state === "draft" ? "draft" : "published",
    publishedAt,
    closesAt,
    createdAt,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Contact messages

const FIRST_NAMES = [
  "Oliver",
  "Amelia",
  "George",
  "Isla",
  "Harry",
  "Ava",
  "Noah",
  "Mia",
  "Jack",
  "Ivy",
  "Leo",
  "Freya",
  "Arthur",
  "Lily",
  "Muhammad",
  "Florence",
  "Oscar",
  "Grace",
  "Charlie",
  "Sophia",
  "Thomas",
  "Evie",
  "Aarav",
  "Priya",
  "Chen",
  "Wei",
  "Siobhan",
  "Niamh",
  "Rhys",
  "Catrin",
  "Kwame",
  "Ama",
  "Tomasz",
  "Zofia",
  "Luca",
  "Giulia",
  "Fatima",
  "Yusuf",
  "Hannah",
  "Daniel",
  "Emily",
  "James",
  "Sarah",
  "David",
  "Olusegun",
  "Chloé",
  "José",
  "Björn",
] as const;
const LAST_NAMES = [
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Johnson",
  "Davies",
  "Patel",
  "Khan",
  "Robinson",
  "Wright",
  "Thompson",
  "Evans",
  "Walker",
  "White",
  "Roberts",
  "Green",
  "Hall",
  "Wood",
  "Jackson",
  "Clarke",
  "O'Brien",
  "Murphy",
  "MacLeod",
  "Campbell",
  "Nowak",
  "Kowalski",
  "Rossi",
  "Okafor",
  "Mensah",
  "Ahmed",
  "Singh",
  "Zhang",
  "Li",
  "Nguyen",
  "Hughes",
  "Edwards",
  "Lewis",
  "Morgan",
  "Fernández",
  "Müller",
] as const;
const MAIL_DOMAINS = [
  "gmail.example",
  "outlook.example",
  "yahoo.example",
  "btinternet.example",
  "icloud.example",
  "proton.example",
  "hotmail.example",
  "sky.example",
  "virginmedia.example",
  "university.example",
  "fundhouse.example",
  "press.example",
] as const;

const FREE_SUBJECTS = [
  "Question about my ISA transfer",
  "Partnership proposal",
  "API access for our research team",
  "Feedback on Portfolio Manager",
  "Re: forecast accuracy report",
  "Speaking invitation",
  "Data licensing enquiry",
  "Bug report: dividend calendar",
  "Can I export my trading journal?",
  "Pension drawdown feature request",
  "Interview request for a podcast",
  "Volatility alerts not arriving",
  "Account deletion",
  "Student project on forecast calibration",
  "Are you FCA authorised?",
  "Broker connection failed",
  "Invoice query",
  "Writer Program application",
  "Accessibility issue on the website",
  "Collaboration with our university",
] as const;

const OPENERS = [
  "Hello,",
  "Hi there,",
  "Dear Kestrel Insight team,",
  "Good morning,",
  "Hi,",
  "To whom it may concern,",
  "",
] as const;
const CLOSERS = [
  "Thanks,",
  "Many thanks,",
  "Best regards,",
  "Kind regards,",
  "Cheers,",
  "Thank you in advance,",
] as const;

function messageSentences(random: Random, subject: string): string[] {
  const bySubject: Record<string, string[]> = {
    "General Inquiry": [
      "I came across your website and wanted to know more about what you do.",
      `Could you tell me whether ${random.pick(PRODUCTS)} supports ${random.pick(FEATURES)}?`,
      "Is there a newsletter I can subscribe to?",
      `I read your note on ${random.pick(TOPICS)} and had a question about the method.`,
    ],
    "Career Inquiry": [
      `I would like to apply for the ${random.pick(DISCIPLINES)[0]} role I saw on your careers page.`,
      "Do you offer internships or graduate positions?",
      `I have ${random.int(1, 15)} years of experience in ${random.pick(["fintech", "asset management", "data engineering", "compliance", "product design"])}.`,
      "Is the role open to people based outside London?",
    ],
    "Investment Inquiry": [
      "I represent a small family office and would like to learn about your funding round.",
      `We invest in early-stage fintech and ${random.pick(TOPICS)} is a theme we follow closely.`,
      "Could you share your investor deck?",
      "Are you raising at the moment?",
    ],
    "Press Inquiry": [
      `I am writing a piece on ${random.pick(TOPICS)} for ${random.pick(["a national newspaper", "a trade magazine", "a personal finance blog", "a podcast"])}.`,
      "Would someone from your research team be available for a short interview this week?",
      "Could you comment on the latest FCA guidance on financial promotions?",
      "Do you have press images I could use?",
    ],
    "Privacy Rights": [
      "Please send me a copy of the personal data you hold about me.",
      "I would like my account and all associated data deleted.",
      "Can you confirm whether my data is shared with any third parties?",
      "Please stop using my data for marketing.",
    ],
    "Security Issue": [
      "I think I found a security problem on your website.",
      "The login page appears to allow unlimited attempts.",
      "Please let me know how to report this responsibly.",
      "I can share the steps to reproduce privately.",
    ],
  };
  const pool = bySubject[subject] ?? [
    `I am writing about "${subject}".`,
    `We use ${random.pick(PRODUCTS)} for our ${random.pick(["ISA", "pension", "dividend portfolio", "trading account"])}.`,
    `The ${random.pick(METRICS)} shown for my portfolio does not match my own calculation.`,
    "Could you point me to the right person?",
    `Our team works on ${random.pick(TOPICS)} and we think there may be a fit.`,
  ];
  const picked = random.sample(pool, random.int(1, Math.min(3, pool.length)));
  if (random.chance(0.5)) picked.push(sentence(random));
  return picked;
}

export interface SeedMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  receivedAt: Date;
  readAt: Date | null;
}

/** The sender of a message: often someone new, sometimes a person who wrote before. */
function person(key: number): { name: string; email: string } {
  const random = randomFor("person", key);
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const ascii = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/[^A-Za-z]/g, "")
      .toLowerCase();
  const local = random.weighted(
    [
      `${ascii(first)}.${ascii(last)}`,
      `${ascii(first)[0]}${ascii(last)}`,
      `${ascii(first)}${random.int(1, 999)}`,
      `${ascii(last)}.${ascii(first)}`,
    ],
    [5, 3, 3, 1],
  );
  const email = `${random.chance(0.05) ? capitalise(local) : local}@${random.pick(MAIL_DOMAINS)}`;
  const name = random.chance(0.05) ? first : `${first} ${last}`;
  return { name, email };
}

/** Message `index` of `total`, received over the last 23 months, oldest first. */
export function seedMessage(index: number, total: number, now: Date): SeedMessage {
  const random = randomFor("message", index);
  const span = 23 * 30 * DAY;
  const receivedAt = new Date(
    Math.min(
      now.getTime() - 60_000,
      now.getTime() - span + ((index + random.next()) / Math.max(1, total)) * span,
    ),
  );
  const who = person(random.chance(0.3) ? random.int(0, Math.max(1, Math.floor(total / 20))) : total + index);
  const subject = random.chance(0.8)
    ? random.weighted(PRESET_SUBJECTS, [35, 18, 22, 10, 9, 6])
    : random.pick(FREE_SUBJECTS);
  const lines = [random.pick(OPENERS), messageSentences(random, subject).join(" ")];
  if (random.chance(0.25)) lines.push(paragraph(random, random.int(1, 3)));
  lines.push(`${random.pick(CLOSERS)}\n${who.name}`);
  const message = lines.filter(Boolean).join("\n\n").slice(0, 5000);
  const age = now.getTime() - receivedAt.getTime();
  const read = random.chance(age > 14 * DAY ? 0.9 : 0.3);
  const readAt = read
    ? new Date(Math.min(now.getTime(), receivedAt.getTime() + random.int(10, 5 * 24 * 60) * 60_000))
    : null;
  return { ...who, subject, message, receivedAt, readAt };
}

export interface SeedNotification {
  recipient: string;
  status: "queued" | "sent" | "failed";
  attempts: number;
  nextAttemptAt: Date;
  firstAttemptAt: Date | null;
  lastError: string | null;
  sentAt: Date | null;
  deliveredVia: string | null;
  createdAt: Date;
}

/** The notification of a message to one recipient: mostly sent, some failed, queued only for the newest. */
export function seedNotification(
  messageIndex: number,
  recipient: string,
  receivedAt: Date,
  now: Date,
): SeedNotification {
  const random = randomFor(`notification:${recipient}`, messageIndex);
  const base = { recipient, createdAt: receivedAt, nextAttemptAt: receivedAt };
  const recent = now.getTime() - receivedAt.getTime() < 3 * 60 * 60 * 1000;
  if (recent && random.chance(0.6)) {
    // Mail was down for the last hours: waiting, some already retried once.
    if (random.chance(0.5))
      return {
        ...base,
        status: "queued",
        attempts: 0,
        firstAttemptAt: null,
        lastError: null,
        sentAt: null,
        deliveredVia: null,
      };
    return {
      ...base,
      status: "queued",
      attempts: 1,
      firstAttemptAt: new Date(receivedAt.getTime() + 2000),
      nextAttemptAt: new Date(now.getTime() + random.int(2, 30) * 60_000),
      lastError: "421 4.3.0 Service not available, closing transmission channel",
      sentAt: null,
      deliveredVia: null,
    };
  }
  if (random.chance(0.015)) {
    const permanent = random.chance(0.5);
    return {
      ...base,
      status: "failed",
      attempts: permanent ? 1 : random.int(8, 14),
      firstAttemptAt: new Date(receivedAt.getTime() + 2000),
      nextAttemptAt: permanent ? receivedAt : new Date(receivedAt.getTime() + 23 * 60 * 60 * 1000),
      lastError: permanent
        ? `550 5.1.1 <${recipient}>: Recipient address rejected: User unknown in virtual mailbox table`
        : "connect ETIMEDOUT 192.0.2.25:587 (gave up after 24 hours)",
      sentAt: null,
      deliveredVia: null,
    };
  }
  const sentAt = new Date(receivedAt.getTime() + random.int(1, 20) * 1000);
  return {
    ...base,
    status: "sent",
    attempts: 1,
    firstAttemptAt: sentAt,
    lastError: null,
    sentAt,
    deliveredVia: "smtp",
  };
}

// ---------------------------------------------------------------------------------------------------------
// Audit log

export interface SeedAudit {
  actorEmail: string;
  entity: string;
  entityId: string;
  action: "create" | "update" | "delete";
  summary: string;
  changes: { fields: string[]; version: number | null } | null;
  createdAt: Date;
}

const OPERATORS = [
  "admin@kestrelinsight.example",
  "amara.okafor@kestrelinsight.example",
  "tom.hughes@kestrelinsight.example",
  "priya.patel@kestrelinsight.example",
  "callum.macleod@kestrelinsight.example",
  "ops@kestrelinsight.example",
] as const;

const ENTITY_FIELDS: Record<string, readonly string[]> = {
  post: ["title", "slug", "summary", "body", "category", "status", "publishAt", "coverImageId"],
  role: [
    "title",
    "slug",
    "team",
    "location",
    "employmentType",
    "summary",
    "body",
    "status",
    "publishAt",
    "closesAt",
    "displayOrder",
  ],
  product: ["name", "description", "url", "badge", "displayOrder"],
  statistic: ["label", "value", "displayOrder"],
  "menu item": ["label", "url", "icon", "displayOrder", "isActive", "openInNewTab", "parentId"],
  redirect: ["from", "to", "statusCode", "note"],
  media: ["alt", "fileName"],
  "company settings": ["companyName", "contactEmail", "footerCopyright"],
  "SEO settings": ["pageTitle", "metaDescription", "keywords", "ogImageId", "logoImageId", "socialUrls"],
  "hero content": [
    "title",
    "subtitle",
    "primaryCtaText",
    "primaryCtaUrl",
    "secondaryCtaText",
    "secondaryCtaUrl",
  ],
  "message settings": ["defaultRecipients", "routes", "retentionMonths"],
};
const SETTINGS = new Set(["company settings", "SEO settings", "hero content", "message settings"]);

function label(random: Random, entity: string): string {
  switch (entity) {
    case "post":
      return postTitle(
        random,
        random.pick(["news", "product_update", "partnership", "research_note"] as const),
        2024 + random.int(0, 2),
      );
    case "role":
      return `${random.pick(SENIORITY)}${random.pick(DISCIPLINES)[0]}`;
    case "product":
      return random.pick(PRODUCT_NAMES);
    case "statistic":
      return random.pick([
        "Tracked forecasts",
        "Beta users",
        "Data sources",
        "Phases on our path to direct FCA authorisation",
      ]);
    case "menu item":
      return random.pick([
        "About",
        "Platforms",
        "Research",
        "Investors",
        "Newsroom",
        "Careers",
        "Contact",
        "Privacy",
        "Terms",
      ]);
    case "redirect":
      return `/${random.pick(["blog", "news", "jobs", "products", "research", "press"])}/${random.pick(TOPICS).replace(/[^a-z0-9]+/g, "-")}`;
    default:
      return `${random.pick(["Portfolio allocation chart", "Volatility heatmap", "Office in London", "Product screenshot"])} (illustration ${random.int(1, 500)})`;
  }
}

/** Audit entry `index` of `total`, over the last two years, oldest first. */
export function seedAudit(index: number, total: number, now: Date): SeedAudit {
  const random = randomFor("audit", index);
  const span = 2 * 365 * DAY;
  const createdAt = new Date(
    Math.min(
      now.getTime() - 1000,
      now.getTime() - span + ((index + random.next()) / Math.max(1, total)) * span,
    ),
  );
  const actorEmail = random.weighted(OPERATORS, [10, 25, 20, 20, 10, 15]);
  const entity = random.weighted(
    [
      "post",
      "role",
      "product",
      "statistic",
      "menu item",
      "redirect",
      "media",
      "contact message",
      "company settings",
      "SEO settings",
      "hero content",
      "message settings",
      "legal document",
    ],
    [30, 10, 5, 3, 5, 8, 10, 8, 1, 2, 2, 1, 1],
  );
  if (entity === "contact message") {
    const id = random.int(1, 100_000);
    const kind = random.weighted(["resend", "erase", "retention"] as const, [60, 25, 15]);
    if (kind === "retention") {
      const n = random.int(1, 400);
      return {
        actorEmail: "Retention (automatic)",
        entity,
        entityId: "retention",
        action: "delete",
        summary: `Deleted ${n} message${n === 1 ? "" : "s"} received over 24 months ago (retention)`,
        changes: null,
        createdAt,
      };
    }
    if (kind === "erase") {
      const n = random.int(1, 6);
      return {
        actorEmail,
        entity,
        entityId: `${random.pick(FIRST_NAMES).toLowerCase()}@${random.pick(MAIL_DOMAINS)}`,
        action: "delete",
        summary: `Erased ${n} message${n === 1 ? "" : "s"} and their notifications at a person's request`,
        changes: null,
        createdAt,
      };
    }
    const n = random.int(1, 2);
    return {
      actorEmail,
      entity,
      entityId: String(id),
      action: "update",
      summary: `Queued the notification of message ${id} again (${n} recipient${n === 1 ? "" : "s"})`,
      changes: null,
      createdAt,
    };
  }
  if (entity === "legal document") {
    const key = random.pick(["privacy", "terms", "cookies"] as const);
    const version = random.int(2, 9);
    const title = { privacy: "Privacy Policy", terms: "Terms of Service", cookies: "Cookie Policy" }[key];
    return {
      actorEmail,
      entity,
      entityId: key,
      action: "create",
      summary: `Published ${title} version ${version}, effective ${createdAt.toISOString().slice(0, 10)}`,
      changes: null,
      createdAt,
    };
  }
  const fields = ENTITY_FIELDS[entity]!;
  if (SETTINGS.has(entity)) {
    return {
      actorEmail,
      entity,
      entityId: "1",
      action: "update",
      summary: `Updated ${entity}`,
      changes: { fields: random.sample(fields, random.int(1, 3)), version: random.int(2, 60) },
      createdAt,
    };
  }
  const action = random.weighted(["create", "update", "delete"] as const, [22, 68, 10]);
  const name = label(random, entity);
  const entityId = String(random.int(1, entity === "post" ? 1100 : entity === "media" ? 520 : 220));
  const summary =
    entity === "media"
      ? action === "create"
        ? `Uploaded image "${name}"`
        : action === "update"
          ? `Updated image "${name}"`
          : `Deleted image "${name}"`
      : action === "create"
        ? `Created ${entity} "${name}"`
        : action === "update"
          ? `Updated ${entity} "${name}"`
          : `Deleted ${entity} "${name}"`;
  const changes =
    action === "delete"
      ? null
      : action === "create"
        ? { fields: [...fields], version: 1 }
        : { fields: random.sample(fields, random.int(1, 3)), version: random.int(2, 25) };
  return { actorEmail, entity, entityId, action, summary, changes, createdAt };
}
