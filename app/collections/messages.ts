import { defineCollection } from "./definition";

/** What visitors send through the contact form: read, exported and erased, never edited. */
export const messages = defineCollection({
  name: "messages",
  section: "messages",
  entity: "contact message",
  noun: "message",
  single: false,
  screen: { label: "Messages", description: "Messages sent through the contact form." },
  history: null,
  trashable: false,
  publishable: false,
  searchable: false,
  publicPaths: [],
});
