import { defineCollection } from "./definition";

/** The company's name, e-mail and footer line: edited on the SEO & Analytics screen's Company tab. */
export const companySettings = defineCollection({
  name: "company-settings",
  section: "company",
  entity: "company settings",
  noun: "Company settings",
  single: true,
  screen: null,
  editorPath: "/admin/seo?tab=company",
  history: {
    fields: {
      companyName: "Company Name",
      contactEmail: "Contact Email",
      footerCopyright: "Footer Copyright Text",
    },
    api: { noun: "the company settings", schema: "CompanySettings" },
  },
  trashable: false,
  publishable: false,
  searchable: false,
  publicPaths: [],
});
