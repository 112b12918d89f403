import { defineCollection } from "./definition";

/** Every cookie and storage item the site sets, with its purpose (issue 39); it decides the consent version. */
export const cookieRegister = defineCollection({
  name: "cookie-register",
  section: "cookies",
  entity: "cookie register",
  noun: "Cookie Register",
  single: true,
  screen: {
    label: "Cookies",
    description: "The cookie register the cookie policy shows; a new analytics cookie asks visitors again.",
  },
  history: {
    fields: {
      items: "Cookies and storage items",
      consentVersion: "Consent version",
      consentRetentionMonths: "Months consent records are kept",
    },
    api: { noun: "the cookie register", schema: "CookieRegister" },
  },
  trashable: false,
  publishable: false,
  searchable: false,
  publicPaths: ["/cookies"],
});
