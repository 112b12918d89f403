import { defineCollection, PUBLICATION_FIELDS } from "./definition";

export const posts = defineCollection({
  name: "posts",
  section: "news",
  entity: "post",
  noun: "post",
  single: false,
  screen: { label: "Newsroom", description: "News posts: write, preview, schedule and publish." },
  history: {
    fields: {
      title: "Title",
      slug: "Slug",
      summary: "Summary",
      body: "Body",
      category: "Category",
      coverImageId: "Cover image",
      ...PUBLICATION_FIELDS,
      authorName: "Author",
    },
    api: { noun: "a post", schema: "PostAdmin" },
  },
  trashable: true,
  publishable: true,
  searchable: true,
  publicPaths: ["/newsroom"],
});
