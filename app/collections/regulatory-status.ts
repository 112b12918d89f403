import { defineCollection } from "./definition";

/** The firm's legal and regulatory facts, the one source of the disclosure on every page (issue 37). Admins only. */
export const regulatoryStatus = defineCollection({
  name: "regulatory-status",
  section: "regulatory",
  entity: "regulatory status",
  noun: "Regulatory status",
  single: true,
  screen: {
    label: "Regulatory Status",
    description: "The legal name, registered office and Financial Conduct Authority status every page discloses.",
  },
  history: {
    fields: {
      legalName: "Legal name",
      companyNumber: "Company number",
      registeredIn: "Registered in",
      registeredOffice: "Registered office",
      vatNumber: "VAT number",
      contactEmail: "Contact e-mail",
      fcaStatus: "Status",
      principalName: "Principal firm",
      principalFrn: "Principal's FRN",
      firmFrn: "Firm's FRN",
      scheduledStatus: "Scheduled status",
      scheduledPrincipalName: "Scheduled principal firm",
      scheduledPrincipalFrn: "Scheduled principal's FRN",
      scheduledFirmFrn: "Scheduled firm's FRN",
      takesEffectAt: "Takes effect at",
    },
    api: { noun: "the regulatory status", schema: "RegulatoryStatus" },
  },
  trashable: false,
  publishable: false,
  searchable: false,
  // Every page discloses it in its footer; these also state it in their own copy (decision 0028).
  publicPaths: ["/", "/about", "/investors", "/contact", "/newsroom", "/privacy", "/terms"],
});
