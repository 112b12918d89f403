import { defineCollection } from "./definition";

export const statistics = defineCollection({
  name: "statistics",
  section: "stats",
  entity: "statistic",
  noun: "statistic",
  single: false,
  screen: { label: "Statistics", description: "The figures shown in the home page's statistics strip." },
  history: {
    fields: { label: "Label", value: "Value", displayOrder: "Display Order" },
    api: { noun: "a statistic", schema: "Statistic" },
  },
  trashable: true,
  publishable: false,
  searchable: false,
  publicPaths: ["/"],
});
