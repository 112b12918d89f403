import { defineCollection } from "./definition";

export const media = defineCollection({
  name: "media",
  section: "media",
  entity: "media",
  noun: "image",
  single: false,
  screen: {
    label: "Media",
    description: "Images for posts, link previews and the logo: upload them and edit their alt text.",
  },
  history: null,
  trashable: false,
  publishable: false,
  searchable: false,
  publicPaths: ["/media"],
});
