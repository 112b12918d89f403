/**
 * Facts a policy states that the site also acts on, written into the policy's text where it says
 * `{{message-retention}}`: the text and the behaviour come from the same setting and cannot drift apart.
 */
export const MESSAGE_RETENTION_TOKEN = "{{message-retention}}";

export interface LegalFacts {
  /** Months a contact message is kept before it is deleted by itself. */
  messageRetentionMonths: number;
}

export function retentionPhrase(months: number): string {
  return months % 12 === 0 && months >= 24 ? `${months} months (${months / 12} years)` : `${months} month${months === 1 ? "" : "s"}`;
}

/** A policy's Markdown with its facts written in. */
export function withLegalFacts(markdown: string, facts: LegalFacts): string {
  return markdown.replaceAll(MESSAGE_RETENTION_TOKEN, retentionPhrase(facts.messageRetentionMonths));
}
