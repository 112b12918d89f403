import { defineCollection } from "./definition";

export const hero = defineCollection({
  name: "hero-content",
  section: "hero",
  entity: "hero content",
  noun: "Hero Section",
  single: true,
  screen: { label: "Hero Section", description: "The home page's title, subtitle and calls to action." },
  history: {
    fields: {
      title: "Title",
      subtitle: "Subtitle",
      primaryCtaText: "Primary CTA Text",
      primaryCtaUrl: "Primary CTA URL",
      secondaryCtaText: "Secondary CTA Text",
      secondaryCtaUrl: "Secondary CTA URL",
    },
    api: { noun: "the hero", schema: "HeroContent" },
  },
  trashable: false,
  publishable: false,
  searchable: false,
  publicPaths: ["/"],
});
