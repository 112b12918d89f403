import type { FcaStatus, RegisteredIn } from "~/schemas/regulatory";

/**
 * The disclosures a UK firm's website must make about itself, generated from the regulatory status record
 * (issue 37): the Companies Act trading disclosure, the VAT number when there is one, and the regulatory
 * status in GEN 4 Annex 1's words. Pure, so the footer, the JSON-LD, the API and the tests share it.
 */

/** A status as it stands: the firm's own FRN when authorised, its principal's when an appointed representative. */
export interface EffectiveStatus {
  fcaStatus: FcaStatus;
  principalName: string;
  principalFrn: string;
  firmFrn: string;
}

export interface RegulatoryRecord extends EffectiveStatus {
  legalName: string;
  companyNumber: string;
  registeredIn: RegisteredIn;
  registeredOffice: string;
  vatNumber: string;
  contactEmail: string;
  scheduledStatus: FcaStatus | "";
  scheduledPrincipalName: string;
  scheduledPrincipalFrn: string;
  scheduledFirmFrn: string;
  takesEffectAt: Date | string | null;
}

export interface Disclosure {
  /** "Kestrel Insight Ltd is an appointed representative of …, which is authorised and regulated by the Financial Conduct Authority (FRN 123456)." */
  status: string;
  /** "Kestrel Insight Ltd. Registered in England and Wales. Company number …. Registered office: …." */
  company: string;
  /** "VAT number GB123456789.", or null. */
  vat: string | null;
  /** The FRN the status names (the firm's own or its principal's), or null when not authorised. */
  frn: string | null;
  /** The Financial Services Register's search for that FRN, or null. */
  registerUrl: string | null;
  /** The three lines as one text. */
  text: string;
}

export const REGISTERED_IN_WORDS: Record<RegisteredIn, string> = {
  england_and_wales: "England and Wales",
  scotland: "Scotland",
  northern_ireland: "Northern Ireland",
};

/** The register's firm pages are addressed by an internal id that changes; its search by FRN does not. */
export function registerUrl(frn: string): string {
  return `https://register.fca.org.uk/s/search?q=${encodeURIComponent(frn)}&type=Companies`;
}

/** The scheduled status once its time has come, otherwise the current one. */
export function effectiveStatus(record: RegulatoryRecord, at: Date): EffectiveStatus {
  const when = record.takesEffectAt ? new Date(record.takesEffectAt) : null;
  if (record.scheduledStatus && when && when.getTime() <= at.getTime()) {
    return {
      fcaStatus: record.scheduledStatus,
      principalName: record.scheduledPrincipalName,
      principalFrn: record.scheduledPrincipalFrn,
      firmFrn: record.scheduledFirmFrn,
    };
  }
  return {
    fcaStatus: record.fcaStatus,
    principalName: record.principalName,
    principalFrn: record.principalFrn,
    firmFrn: record.firmFrn,
  };
}

/** When a scheduled status is still to come, its time; otherwise null. */
export function pendingChangeAt(record: RegulatoryRecord, at: Date): Date | null {
  const when = record.takesEffectAt ? new Date(record.takesEffectAt) : null;
  return record.scheduledStatus && when && when.getTime() > at.getTime() ? when : null;
}

/** The status sentence, in the rules' words ("Financial Conduct Authority", never the abbreviation). */
export function statusSentence(legalName: string, status: EffectiveStatus): string {
  switch (status.fcaStatus) {
    case "authorised":
      return `${legalName} is authorised and regulated by the Financial Conduct Authority (FRN ${status.firmFrn}).`;
    case "appointed_representative":
      return `${legalName} is an appointed representative of ${status.principalName}, which is authorised and regulated by the Financial Conduct Authority (FRN ${status.principalFrn}).`;
    case "not_authorised":
      return `${legalName} is not authorised or regulated by the Financial Conduct Authority.`;
  }
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Every line of the disclosure for the status in effect at `at`. */
export function disclosureOf(record: RegulatoryRecord, at: Date): Disclosure {
  const status = effectiveStatus(record, at);
  const frn =
    status.fcaStatus === "authorised" ? status.firmFrn : status.fcaStatus === "appointed_representative" ? status.principalFrn : null;
  const company = [
    record.legalName,
    `Registered in ${REGISTERED_IN_WORDS[record.registeredIn]}`,
    `Company number ${record.companyNumber}`,
    `Registered office: ${sentence(record.registeredOffice)}`,
  ].join(". ");
  const vat = record.vatNumber ? `VAT number ${record.vatNumber}.` : null;
  const statusLine = statusSentence(record.legalName, status);
  return {
    status: statusLine,
    company,
    vat,
    frn: frn || null,
    registerUrl: frn ? registerUrl(frn) : null,
    text: [statusLine, company, vat].filter(Boolean).join(" "),
  };
}
