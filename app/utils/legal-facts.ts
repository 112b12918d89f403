import { REGULATORY_TOKEN_HELP, REGULATORY_TOKENS, type RegulatoryFacts } from "~/utils/regulatory-facts";

/**
 * Facts a policy states that the site also acts on, written into the policy's text where it says
 * `{{message-retention}}`: the text and the behaviour come from the same setting and cannot drift apart.
 */
export const MESSAGE_RETENTION_TOKEN = "{{message-retention}}";
/** How long consent records are kept (the cookie register's setting, issue 39). */
export const CONSENT_RETENTION_TOKEN = "{{consent-retention}}";

export interface LegalFacts {
  /** Months a contact message is kept before it is deleted by itself. */
  messageRetentionMonths: number;
  /** Months a consent record is kept before it is deleted by itself (24 when not given). */
  consentRetentionMonths?: number;
  /** The regulatory status record's facts in effect now: `{{company-legal-name}}`, `{{regulatory-disclosure}}`… (issue 37). */
  regulatory: RegulatoryFacts;
}

export function retentionPhrase(months: number): string {
  return months % 12 === 0 && months >= 24 ? `${months} months (${months / 12} years)` : `${months} month${months === 1 ? "" : "s"}`;
}

/**
 * Every placeholder the policies' renderer writes in: the editor's help is made from this list, so it
 * names exactly what `withLegalFacts` replaces.
 */
export const LEGAL_PLACEHOLDERS: readonly {
  token: string;
  /** What the operator reads in the editor's help. */
  help: string;
  value: (facts: LegalFacts) => string;
}[] = [
  {
    token: MESSAGE_RETENTION_TOKEN,
    help: "how long contact messages are kept, from the setting under Messages",
    value: (facts) => retentionPhrase(facts.messageRetentionMonths),
  },
  {
    token: CONSENT_RETENTION_TOKEN,
    help: "how long cookie consent records are kept, from the setting under Cookies",
    value: (facts) => retentionPhrase(facts.consentRetentionMonths ?? 24),
  },
  ...(Object.keys(REGULATORY_TOKENS) as (keyof RegulatoryFacts)[]).map((key) => ({
    token: REGULATORY_TOKENS[key],
    help: `${REGULATORY_TOKEN_HELP[key]}, from the regulatory status record`,
    value: (facts: LegalFacts) => facts.regulatory[key],
  })),
];

/** A policy's Markdown with its facts written in. */
export function withLegalFacts(markdown: string, facts: LegalFacts): string {
  return LEGAL_PLACEHOLDERS.reduce((text, placeholder) => text.replaceAll(placeholder.token, placeholder.value(facts)), markdown);
}
