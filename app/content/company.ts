/**
 * The company's facts, defined once. Every page, the seed and the whitepaper read them from here
 * (or from the operator-editable settings that the seed fills from here). The company is fictional.
 */
export const company = {
  legalName: "Kestrel Insight Ltd",
  shortName: "Kestrel Insight",
  companyNumber: "14829361",
  status: "Active",
  companyType: "Private limited company",
  jurisdiction: "Registered in England and Wales",
  incorporatedOn: "2023-03-14",
  registeredOffice: {
    lines: ["Unit 4, Larkspur Yard", "118 Curtain Road"],
    city: "London",
    postcode: "EC2A 3AY",
    country: "United Kingdom",
  },
  industryCodes: [
    { code: "62012", label: "Business and domestic software development" },
    { code: "62090", label: "Other information technology service activities" },
    { code: "63110", label: "Data processing, hosting and related activities" },
    { code: "72190", label: "Other research and experimental development on natural sciences and engineering" },
  ],
  contactEmail: "hello@kestrelinsight.example",
  pressEmail: "press@kestrelinsight.example",
  social: {
    name: "LinkedIn",
    url: "https://www.linkedin.com/company/kestrel-insight-example",
  },
  seedRound: { amount: 500_000, currency: "USD" },
  flagship: {
    name: "Kestrel Markets",
    url: "https://markets.kestrelinsight.example",
    tagline: "Data-driven investing, explained.",
  },
} as const;

export type Company = typeof company;

export function formatRegisteredOffice(separator = ", "): string {
  const o = company.registeredOffice;
  return [...o.lines, o.city, o.postcode, o.country].join(separator);
}

/** "14 March 2023" */
export function formatIncorporationDate(): string {
  return new Date(`${company.incorporatedOn}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

export function formatSeedRound(): string {
  return `${company.seedRound.amount.toLocaleString("en-GB")} ${company.seedRound.currency}`;
}

/** "Kestrel Insight Ltd. Registered in England and Wales. Company number 14829361. Registered office: ... United Kingdom." */
export function formatCompanyDisclosure(): string {
  const parts = [
    company.legalName,
    company.jurisdiction,
    `Company number ${company.companyNumber}`,
    `Registered office: ${formatRegisteredOffice()}`,
  ];
  return `${parts.join(". ")}.`;
}
