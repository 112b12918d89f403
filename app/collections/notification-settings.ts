import { defineCollection } from "./definition";

/** Who is e-mailed about a new message, and how long messages are kept. */
export const notificationSettings = defineCollection({
  name: "notification-settings",
  section: "notifications",
  entity: "message settings",
  noun: "Notifications",
  single: true,
  screen: { label: "Notifications", description: "Who is e-mailed about a new message, by its subject." },
  history: {
    fields: {
      defaultRecipients: "Default recipients",
      routes: "Recipients by subject",
      retentionMonths: "Months messages are kept",
    },
    api: null,
  },
  trashable: false,
  publishable: false,
  searchable: false,
  publicPaths: [],
});
