import { getCookieRegister } from "~/models/cookie-register.server";
import { getMessageSettings } from "~/models/message-settings.server";
import { currentRegulatoryFacts } from "~/server/site/regulatory-facts.server";
import { currentLegalDocument, legalDocumentVersion, publicLegalHistory, type LegalDocumentVersion } from "~/models/legal-documents.server";
import type { LegalDocumentKey } from "~/schemas/legal-document";
import { getConfig } from "~/server/config.server";
import { markdownSections } from "~/server/site/markdown.server";
import { siteSeo } from "~/server/site/careers.server";
import { legalPages, legalVersionPage, type LegalDocumentData } from "~/utils/legal-pages";
import { withLegalFacts, type LegalFacts } from "~/utils/legal-facts";
import { formatPolicyDate } from "~/utils/dates";
import { structuredData, type JsonLdGraph } from "~/utils/seo";

function notFound(): Response {
  return new Response("Not Found", { status: 404, statusText: "Not Found" });
}

/** An ISO date as the policies write it: "07 October 2025" (noon UTC is that date in London all year). */
export function legalDateLabel(isoDate: string): string {
  return formatPolicyDate(`${isoDate}T12:00:00Z`);
}

/** The facts the policies state from the site's own settings (how long messages are kept, the company's details and status). */
export async function legalFacts(): Promise<LegalFacts> {
  const [messages, register, regulatory] = await Promise.all([
    getMessageSettings(),
    getCookieRegister(),
    currentRegulatoryFacts(),
  ]);
  return {
    messageRetentionMonths: messages.retentionMonths,
    consentRetentionMonths: register.consentRetentionMonths,
    regulatory,
  };
}

function documentData(row: LegalDocumentVersion, facts: LegalFacts): LegalDocumentData {
  return {
    key: row.key,
    title: row.title,
    version: row.version,
    effectiveDate: row.effectiveDate,
    effectiveLabel: legalDateLabel(row.effectiveDate),
    sections: markdownSections(withLegalFacts(row.body, facts), { siteOrigin: getConfig().publicUrl.origin }),
  };
}

/** /privacy, /terms, /cookies: the version in effect. */
export async function loadLegalPage(key: LegalDocumentKey): Promise<{ document: LegalDocumentData }> {
  const [current, facts] = await Promise.all([currentLegalDocument(key), legalFacts()]);
  if (!current) throw notFound();
  return { document: documentData(current, facts) };
}

/** /{key}/versions: every version in effect, newest first; the current one marked. */
export async function loadLegalVersions(key: LegalDocumentKey) {
  const [current, history] = await Promise.all([currentLegalDocument(key), publicLegalHistory(key)]);
  if (!current) throw notFound();
  return {
    key,
    title: current.title,
    versions: history.map((entry) => ({
      version: entry.version,
      effectiveDate: entry.effectiveDate,
      effectiveLabel: legalDateLabel(entry.effectiveDate),
      changeSummary: entry.changeSummary,
      path: legalVersionPage(key, entry.version, current.title).path,
      current: entry.version === current.version,
    })),
  };
}

/**
 * /{key}/versions/{n}: that version, if it is in effect (a version whose date has not come is not
 * public yet, whatever its number). `current` says whether it is still the one in force.
 */
export async function loadLegalVersion(key: LegalDocumentKey, param: string | undefined) {
  if (!param || !/^[1-9]\d{0,8}$/.test(param)) throw notFound();
  const [row, current, facts] = await Promise.all([
    legalDocumentVersion(key, Number(param), { inEffectOnly: true }),
    currentLegalDocument(key),
    legalFacts(),
  ]);
  if (!row || !current) throw notFound();
  const isCurrent = row.version === current.version;
  const seo = legalVersionPage(key, row.version, current.title, !isCurrent);
  const jsonLd: JsonLdGraph = structuredData(await siteSeo(), seo);
  return {
    seo,
    document: documentData(row, facts),
    current: isCurrent,
    currentPath: legalPages[key].path,
    jsonLd,
  };
}

/**
 * A draft as its public page will show it: the same facts, the same renderer, the same data shape as
 * /privacy, /terms and /cookies, with the number and date it will have once published.
 */
export async function legalDraftDocument(
  key: LegalDocumentKey,
  draft: Pick<LegalDocumentVersion, "body" | "effectiveDate">,
  title: string,
  version: number,
): Promise<LegalDocumentData> {
  const facts = await legalFacts();
  return documentData({ key, title, version, body: draft.body, effectiveDate: draft.effectiveDate } as LegalDocumentVersion, facts);
}
