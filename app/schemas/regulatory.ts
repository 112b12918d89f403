import { z } from "zod";
import { FCA_STATUSES, REGISTERED_IN } from "~db/schema";
import { email, optionalText, recordVersion, requiredText } from "./fields";
import { optionalTime } from "./publication";

export { FCA_STATUSES, REGISTERED_IN };
export type FcaStatus = (typeof FCA_STATUSES)[number];
export type RegisteredIn = (typeof REGISTERED_IN)[number];

export const REGISTERED_IN_LABELS: Record<RegisteredIn, string> = {
  england_and_wales: "England and Wales",
  scotland: "Scotland",
  northern_ireland: "Northern Ireland",
};

export const FCA_STATUS_LABELS: Record<FcaStatus, string> = {
  not_authorised: "Not authorised",
  appointed_representative: "Appointed representative of an authorised firm",
  authorised: "Authorised and regulated by the Financial Conduct Authority",
};

export const REGULATORY_MESSAGES = {
  abbreviation: 'Write "Financial Conduct Authority" in full: the rules do not allow "FCA" in its place',
  frn: "An FRN (Firm Reference Number) is 6 or 7 digits",
  principalName: "Enter the name of the principal firm",
  principalFrn: "Enter the principal firm's FRN",
  firmFrn: "Enter the firm's own FRN",
  companyNumber: "A company number is 8 characters: 8 digits, or 2 letters and 6 digits (for example SC123456)",
  vatNumber: "A UK VAT number is GB then 9 or 12 digits (for example GB123456789)",
  registeredIn: "Choose England and Wales, Scotland or Northern Ireland",
  fcaStatus: "Choose the firm's status",
  takesEffectAt: "Enter when the scheduled status takes effect",
  scheduledStatus: "Choose the status that takes effect at this time",
} as const;

const FRN = /^\d{6,7}$/;
/** "FCA" as a word, in any case: GEN 4 Annex 1 names the regulator in full. */
const ABBREVIATION = /(^|[^A-Za-z])FCA([^A-Za-z]|$)/i;

const noAbbreviation = (value: string | null) => value === null || !ABBREVIATION.test(value);

/** A free text the disclosure prints: never the abbreviation. */
function disclosedText(requiredMessage: string, max: number) {
  return requiredText(requiredMessage, max).refine((value) => noAbbreviation(value as string), REGULATORY_MESSAGES.abbreviation);
}

/** Optional text stored as "" when blank. */
function blankable(max: number) {
  return optionalText(max)
    .refine(noAbbreviation, REGULATORY_MESSAGES.abbreviation)
    .transform((value) => value ?? "");
}

const frn = optionalText(7)
  .refine((value) => value === null || FRN.test(value), REGULATORY_MESSAGES.frn)
  .transform((value) => value ?? "");

const vatNumber = optionalText(20)
  .transform((value) => (value === null ? "" : value.replace(/\s+/g, "").toUpperCase()))
  .refine((value) => value === "" || /^GB(\d{9}|\d{12})$/.test(value), REGULATORY_MESSAGES.vatNumber);

const companyNumber = requiredText("Company number is required", 8)
  .transform((value) => (value as string).toUpperCase())
  .refine((value) => /^(\d{8}|[A-Z]{2}\d{6})$/.test(value), REGULATORY_MESSAGES.companyNumber);

/** The fields, without the checks between them (the API's strict body is built on these). */
export const regulatoryStatusFields = z.object({
  legalName: disclosedText("Legal name is required", 200),
  companyNumber,
  registeredIn: z.enum(REGISTERED_IN, { error: REGULATORY_MESSAGES.registeredIn }),
  registeredOffice: disclosedText("Registered office is required", 300),
  vatNumber,
  contactEmail: email("Must be a valid email"),
  fcaStatus: z.enum(FCA_STATUSES, { error: REGULATORY_MESSAGES.fcaStatus }),
  principalName: blankable(200),
  principalFrn: frn,
  firmFrn: frn,
  scheduledStatus: z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    z.enum(["", ...FCA_STATUSES], { error: REGULATORY_MESSAGES.scheduledStatus }),
  ),
  scheduledPrincipalName: blankable(200),
  scheduledPrincipalFrn: frn,
  scheduledFirmFrn: frn,
  takesEffectAt: optionalTime,
  version: recordVersion,
});

type Fields = z.output<typeof regulatoryStatusFields>;

/** What a status needs: an appointed representative names its principal and the principal's FRN; an authorised firm its own FRN. */
export function checkRegulatoryStatus(value: Fields, ctx: z.RefinementCtx): void {
  const need = (path: keyof Fields, message: string) => {
    if (!value[path]) ctx.addIssue({ code: "custom", path: [path], message });
  };
  if (value.fcaStatus === "appointed_representative") {
    need("principalName", REGULATORY_MESSAGES.principalName);
    need("principalFrn", REGULATORY_MESSAGES.principalFrn);
  }
  if (value.fcaStatus === "authorised") need("firmFrn", REGULATORY_MESSAGES.firmFrn);
  if (value.scheduledStatus === "appointed_representative") {
    need("scheduledPrincipalName", REGULATORY_MESSAGES.principalName);
    need("scheduledPrincipalFrn", REGULATORY_MESSAGES.principalFrn);
  }
  if (value.scheduledStatus === "authorised") need("scheduledFirmFrn", REGULATORY_MESSAGES.firmFrn);
  if (value.scheduledStatus && !value.takesEffectAt) need("takesEffectAt", REGULATORY_MESSAGES.takesEffectAt);
  if (!value.scheduledStatus && value.takesEffectAt) need("scheduledStatus", REGULATORY_MESSAGES.scheduledStatus);
}

/** The /admin/regulatory form and PUT /api/admin/regulatory-status. */
export const regulatoryStatusSchema = regulatoryStatusFields.superRefine(checkRegulatoryStatus);
export type RegulatoryStatusInput = z.infer<typeof regulatoryStatusSchema>;
