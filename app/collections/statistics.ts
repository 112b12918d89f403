import { defineCollection } from "./definition";
import { statisticSchema } from "~/schemas/statistic";

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
  dialogs: {
    schema: statisticSchema,
    formNoun: "Statistic",
    page: {
      title: "Statistics",
      description: "The figures shown in the strip below the home page's hero.",
      addLabel: "Add Statistic",
      loadingText: "Loading statistics...",
      emptyText: "No statistics found. Add your first statistic to get started.",
    },
    fields: [
      { name: "label", label: "Label", placeholder: "e.g., Active Users" },
      { name: "value", label: "Value", placeholder: "e.g., 10K+" },
      { name: "displayOrder", label: "Display Order", kind: "number", inputMode: "numeric" },
    ],
    newValues: { label: "", value: "" },
    row: {
      name: (row) => String(row.label),
      lead: (row) => String(row.value),
      facts: (row) => [`Order ${String(row.displayOrder)}`],
    },
  },
  publicPaths: ["/"],
});
