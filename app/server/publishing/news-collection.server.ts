import { posts } from "~/collections/posts";
import { DEFAULT_POST_AUTHOR } from "~/content/publishing-defaults";
import { deletePost, getPost, postPath, type Post } from "~/models/posts.server";
import { CATEGORY_NAMES, postSchema, type PostInput } from "~/schemas/post";
import { localField } from "~/server/forms/publishing-action.server";
import { mediaChoiceLabels } from "~/server/media/media-picker.server";
import { STORES } from "~/server/collections/stores.server";
import type { PublishingCollection } from "./editor.server";
import { writesThroughStore } from "./store-writes.server";

/** The post as its form shows it. */
function formValues(post: Post) {
  const { title, slug, summary, body, category, version } = post;
  const coverImageId = post.coverImageId === null ? "" : String(post.coverImageId);
  return {
    title,
    slug,
    summary,
    body,
    category,
    publishAt: localField(post.publishAt),
    coverImageId,
    financialPromotion: post.financialPromotion ? "on" : "",
    // The newsroom's byline shows as a blank field (its hint says so): blank saves it again.
    authorName: post.authorName === DEFAULT_POST_AUTHOR ? "" : post.authorName,
    version,
  };
}

/** The Newsroom's posts, edited at /admin/news. */
export const NEWS = {
  kind: "post",
  section: posts.section,
  noun: "Post",
  schema: postSchema,
  read: getPost,
  path: postPath,
  ...writesThroughStore<Post>(STORES.posts),
  remove: deletePost,
  formValues,
  valueLabels: async () => ({
    category: CATEGORY_NAMES,
    coverImageId: await mediaChoiceLabels("No cover image"),
  }),
} satisfies PublishingCollection<"post", Post, PostInput, ReturnType<typeof formValues>>;
