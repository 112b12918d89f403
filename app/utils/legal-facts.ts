import { withRegulatoryFacts, type RegulatoryFacts } from "~/utils/regulatory-facts";

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

/** A policy's Markdown with its facts written in. */
export function withLegalFacts(markdown: string, facts: LegalFacts): string {
  return withRegulatoryFacts(
    markdown
      .replaceAll(MESSAGE_RETENTION_TOKEN, retentionPhrase(facts.messageRetentionMonths))
      .replaceAll(CONSENT_RETENTION_TOKEN, retentionPhrase(facts.consentRetentionMonths ?? 24)),
    facts.regulatory,
  );
}
