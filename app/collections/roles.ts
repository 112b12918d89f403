import { defineCollection, PUBLICATION_FIELDS } from "./definition";

export const roles = defineCollection({
  name: "roles",
  section: "careers",
  entity: "role",
  noun: "role",
  single: false,
  screen: { label: "Careers", description: "Open roles: publish, schedule and close them." },
  history: {
    fields: {
      title: "Title",
      slug: "Slug",
      team: "Team",
      location: "Location",
      employmentType: "Employment type",
      displayOrder: "Display order",
      summary: "Summary",
      body: "Body",
      ...PUBLICATION_FIELDS,
      closesAt: "Closes at",
    },
    api: { noun: "a role", schema: "RoleAdmin" },
  },
  trashable: true,
  publishable: true,
  searchable: true,
  publicPaths: ["/careers"],
});
