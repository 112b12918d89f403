import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { about } from "~/content/about";
import { company, formatRegisteredOffice } from "~/content/company";
import { home } from "~/content/home";
import { investors } from "~/content/investors";
import { newsroom } from "~/content/newsroom";
import { defaultLegalDocuments, defaultPosts, defaultRoles } from "~/content/publishing-defaults";
import { REGULATORY_TOKENS, fillRegulatoryFacts, regulatoryFactsOf } from "~/utils/regulatory-facts";
import { defaultRegulatoryStatus } from "~/content/defaults";

/**
 * Issue 37: "page copy that states the status reads it from the record; no page types it by hand". The seeded
 * pages and documents say `{{company-legal-name}}`, `{{regulatory-disclosure}}`… where they state the company's
 * legal name, number, registered office or status; this fails when one types them again. (The whitepaper, a
 * PDF published on a date, is not a page: decision 0028.)
 */

const HAND_TYPED: [string, RegExp][] = [
  ["the legal name", new RegExp(company.legalName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))],
  ["the company number", new RegExp(company.companyNumber)],
  ["the registered office", new RegExp(company.registeredOffice.lines[1]!)],
  [
    "a status sentence",
    /\b(?:is )?not (?:currently )?authori[sz]ed (?:or regulated )?by the Financial Conduct Authority/i,
  ],
  ["a status sentence", /authorised and regulated by the Financial Conduct Authority/i],
  ["a status in short", /\bnot FCA[- ]authori[sz]ed/i],
];

const SEEDED: [string, unknown][] = [
  ["the privacy policy", defaultLegalDocuments.find((d) => d.key === "privacy")!.body],
  ["the terms", defaultLegalDocuments.find((d) => d.key === "terms")!.body],
  ["the cookie policy", defaultLegalDocuments.find((d) => d.key === "cookies")!.body],
  ["the home page's copy", home],
  ["/about's copy", about],
  ["/investors' copy", investors],
  ["/newsroom's press copy", { ...newsroom, latestNews: [], productUpdates: [], researchNotes: [] }],
  ["the seeded posts", defaultPosts],
  ["the seeded roles", defaultRoles],
];

describe("no seeded page or document types the company's regulatory facts by hand", () => {
  it.each(SEEDED)("%s", (_name, content) => {
    const text = typeof content === "string" ? content : JSON.stringify(content);
    for (const [what, pattern] of HAND_TYPED) {
      expect(text, `${_name} types ${what} by hand`).not.toMatch(pattern);
    }
  });

  it("the legal documents and pages that state the facts do so through the tokens", () => {
    expect(defaultLegalDocuments.find((d) => d.key === "privacy")!.body).toContain(
      REGULATORY_TOKENS.registeredOffice,
    );
    expect(defaultLegalDocuments.find((d) => d.key === "terms")!.body).toContain(REGULATORY_TOKENS.status);
    expect(JSON.stringify(investors)).toContain(REGULATORY_TOKENS.companyNumber);
    expect(JSON.stringify(newsroom.factSheet)).toContain(REGULATORY_TOKENS.status);
  });

  it("the public pages' components take the facts from their loaders, not from the company's constants", () => {
    const files = [
      ...readdirSync("app/routes")
        .filter((name) => name.startsWith("_site"))
        .map((name) => path.join("app/routes", name)),
      ...readdirSync("app/components/site").map((name) => path.join("app/components/site", name)),
    ].filter((file) => /\.tsx?$/.test(file));
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      expect(source, file).not.toMatch(
        /company\.(legalName|companyNumber|jurisdiction)\b|formatRegisteredOffice\(/,
      );
    }
  });

  it("with the seeded record's facts written in, the wording is what the seeded record says", () => {
    const facts = regulatoryFactsOf(defaultRegulatoryStatus, new Date());
    const filled = fillRegulatoryFacts(investors.corporateFacts.facts, facts);
    expect(filled).toEqual(
      expect.arrayContaining([
        { label: "Legal name", value: company.legalName },
        { label: "Company number", value: company.companyNumber },
        { label: "Registered office", value: formatRegisteredOffice() },
      ]),
    );
  });
});
