import { z } from "zod";
import { optionalText, recordVersion, requiredText, statedCheckbox } from "./fields";
import { MEDIA_CHOICE_MESSAGE, mediaChoice } from "./media";
import { optionalSlug, optionalTime, publicationStatus, withSlug } from "./publication";

export const POST_CATEGORIES = ["news", "product_update", "partnership", "research_note"] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];

/** The Newsroom's sections, in the order the page shows them. */
export const CATEGORY_LABELS: Record<PostCategory, string> = {
  news: "Latest news",
  product_update: "Product updates",
  partnership: "Partnerships",
  research_note: "Research notes",
};

/** A post's category as its page names it. */
export const CATEGORY_NAMES: Record<PostCategory, string> = {
  news: "News",
  product_update: "Product update",
  partnership: "Partnership",
  research_note: "Research note",
};

export const POST_MESSAGES = {
  titleRequired: "Title is required",
  summaryRequired: "Summary is required",
  bodyRequired: "Body is required",
  category: "Choose a category",
  coverImage: MEDIA_CHOICE_MESSAGE,
  slugTaken: (slug: string) => `A post with the slug "${slug}" already exists: choose another`,
} as const;

/** The post editor and POST/PUT /api/admin/posts. */
export const postSchema = z
  .object({
    title: requiredText(POST_MESSAGES.titleRequired, 200),
    slug: optionalSlug,
    summary: requiredText(POST_MESSAGES.summaryRequired, 500),
    body: requiredText(POST_MESSAGES.bodyRequired, 100_000),
    category: z.enum(POST_CATEGORIES, { error: POST_MESSAGES.category }),
    status: publicationStatus,
    publishAt: optionalTime,
    coverImageId: mediaChoice,
    financialPromotion: statedCheckbox.meta({
      description:
        "Whether the post is a financial promotion (while approval is on, publishing it waits for an approver). Missing: a product update is one; on an update, it stays as it was.",
    }),
    /** The byline ("By …"); blank for the newsroom's (DEFAULT_POST_AUTHOR). */
    authorName: optionalText(120),
    version: recordVersion,
  })
  .transform(withSlug);
export type PostInput = z.infer<typeof postSchema>;
