import { disclosureOf, REGISTERED_IN_WORDS, type RegulatoryRecord } from "~/utils/regulatory";

/**
 * Issue 37: "page copy that states the status reads it from the record; no page types it by hand". Copy
 * (the pages' content, the legal documents' Markdown, seeded or written by an operator) says
 * `{{company-legal-name}}` where it names the company, and so on; the page's loader writes in the regulatory
 * status record's values in effect now, so a change of status or of registered office changes every page.
 */

export interface RegulatoryFacts {
  /** "Kestrel Insight Ltd" */
  legalName: string;
  /** "14829361" */
  companyNumber: string;
  /** "England and Wales" */
  registeredIn: string;
  /** The registered office on one line. */
  registeredOffice: string;
  /** The status sentence in the rules' words, as the footer says it. */
  status: string;
}

export const REGULATORY_TOKENS: Record<keyof RegulatoryFacts, string> = {
  legalName: "{{company-legal-name}}",
  companyNumber: "{{company-number}}",
  registeredIn: "{{registered-in}}",
  registeredOffice: "{{registered-office}}",
  status: "{{regulatory-disclosure}}",
};

/** What each token is written as, for the legal documents' editor. */
export const REGULATORY_TOKEN_HELP: Record<keyof RegulatoryFacts, string> = {
  legalName: "the company's legal name",
  companyNumber: "its company number",
  registeredIn: "the part of the UK it is registered in",
  registeredOffice: "its registered office",
  status: "its status with the Financial Conduct Authority, in the footer's words",
};

export function regulatoryFactsOf(record: RegulatoryRecord, at: Date): RegulatoryFacts {
  return {
    legalName: record.legalName,
    companyNumber: record.companyNumber,
    registeredIn: REGISTERED_IN_WORDS[record.registeredIn],
    registeredOffice: record.registeredOffice.trim().replace(/\.$/, ""),
    status: disclosureOf(record, at).status,
  };
}

/** A text with the record's facts written in where it has their tokens. */
export function withRegulatoryFacts(text: string, facts: RegulatoryFacts): string {
  if (!text.includes("{{")) return text;
  let out = text;
  for (const key of Object.keys(REGULATORY_TOKENS) as (keyof RegulatoryFacts)[]) {
    out = out.replaceAll(REGULATORY_TOKENS[key], facts[key]);
  }
  return out;
}

/** Every string in a page's content (objects and arrays, as deep as they go) with the facts written in. */
export function fillRegulatoryFacts<T>(value: T, facts: RegulatoryFacts): T {
  if (typeof value === "string") return withRegulatoryFacts(value, facts) as T;
  if (Array.isArray(value)) return value.map((item) => fillRegulatoryFacts(item, facts)) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillRegulatoryFacts(item, facts)]),
    ) as T;
  }
  return value;
}
