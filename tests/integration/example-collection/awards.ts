import { defineCollection } from "~/collections/definition";
import { awardSchema } from "./award-schema";

// Step 4: the declaration (app/collections/awards.ts).
export const awards = defineCollection({
  name: "awards",
  section: "awards",
  entity: "award",
  noun: "award",
  single: false,
  screen: { label: "Awards", description: "Industry awards shown on the home page." },
  history: {
    fields: { title: "Title", awardedBy: "Awarded by", displayOrder: "Display Order" },
    api: { noun: "an award", schema: "Award" },
  },
  trashable: true,
  publishable: false,
  searchable: false,
  dialogs: {
    schema: awardSchema,
    formNoun: "Award",
    page: {
      title: "Awards",
      description: "Industry awards shown on the home page.",
      addLabel: "Add Award",
      loadingText: "Loading awards...",
      emptyText: "No awards found. Add your first award to get started.",
    },
    fields: [
      { name: "title", label: "Title" },
      [
        { name: "awardedBy", label: "Awarded by" },
        { name: "displayOrder", label: "Display Order", kind: "number", inputMode: "numeric" },
      ],
    ],
    newValues: { title: "", awardedBy: "" },
    row: {
      name: (row) => String(row.title),
      lines: (row) => [{ text: String(row.awardedBy) }],
      facts: (row) => [`Order ${String(row.displayOrder)}`],
    },
  },
  publicPaths: [],
});
