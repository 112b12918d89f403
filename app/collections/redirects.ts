import { defineCollection } from "./definition";

export const redirects = defineCollection({
  name: "redirects",
  section: "redirects",
  entity: "redirect",
  noun: "redirect",
  single: false,
  screen: {
    label: "Redirects",
    description: "Old addresses sent to new ones, retired pages and missing addresses.",
  },
  history: {
    fields: { from: "From", to: "To", statusCode: "Status", note: "Note" },
    api: { noun: "a redirect rule", schema: "Redirect" },
  },
  trashable: true,
  publishable: false,
  searchable: false,
  publicPaths: [],
});
