import { defineCollection } from "./definition";

/** Privacy, terms and cookies: each change is a version already, effective from its date. */
export const legalDocuments = defineCollection({
  name: "legal-documents",
  section: "legal",
  entity: "legal document",
  noun: "legal document",
  single: false,
  screen: { label: "Legal", description: "Privacy, terms and cookies: new versions and their history." },
  history: {
    fields: {
      title: "Title",
      body: "Body",
      effectiveDate: "Effective date",
      changeSummary: "Change summary",
    },
    api: null,
  },
  trashable: false,
  publishable: false,
  searchable: true,
  publicPaths: ["/privacy", "/terms", "/cookies"],
});
