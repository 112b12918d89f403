import { defineCollection } from "./definition";

/** Meta tags, analytics and structured data; the company details share its screen (company-settings.ts). */
export const seoSettings = defineCollection({
  name: "seo-settings",
  section: "seo",
  entity: "SEO settings",
  noun: "SEO & Analytics",
  single: true,
  screen: {
    label: "SEO & Analytics",
    description: "Meta tags, analytics, structured data and company details.",
  },
  history: {
    fields: {
      pageTitle: "Site Title",
      metaDescription: "Meta Description",
      keywords: "Keywords",
      ogImageId: "Default sharing image",
      gaTrackingId: "Measurement ID",
      organizationName: "Organization Name",
      websiteUrl: "Website URL",
      logoUrl: "Logo URL",
      logoImageId: "Library logo",
      contactEmail: "Contact Email",
      socialUrls: "Social Media URLs",
    },
    api: { noun: "the SEO and analytics settings", schema: "SeoSettings" },
  },
  trashable: false,
  publishable: false,
  searchable: false,
  publicPaths: [],
});
