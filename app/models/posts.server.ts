import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { media, posts } from "~db/schema";
import { DEFAULT_POST_AUTHOR } from "~/content/publishing-defaults";
import { POST_MESSAGES, type PostCategory, type PostInput } from "~/schemas/post";
import { pageWindow, type PageOf } from "~/utils/pagination";
import type { Actor, WriteResult } from "./actor";
import { now } from "./clock.server";
import { cached } from "./content-cache.server";
import { deleteRecordPreviewLinks, endPreviewLinksOnceLive } from "./preview-links.server";
import { liveCondition, publicationColumns, slugTaken, stateCondition, watchSchedule, type PublicationState } from "./publication.server";
import { pageMovedIn } from "./redirects.server";
import { bodyMediaSizes } from "./rendered-bodies.server";
import { getConfig } from "~/server/config.server";
import { renderOffThread } from "~/server/site/render-off-thread.server";
import { previewedBySlug } from "./promotion-preview.server";
import { recordModel } from "./versioned-records.server";

export type Post = typeof posts.$inferSelect;
/** A post as written; a write that leaves out the cover keeps the one it has (none, for a new post). */
export type PostWrite = Omit<PostInput, "version" | "coverImageId" | "authorName"> & {
  coverImageId?: number | null;
  /** The byline; blank or left out for the newsroom's. */
  authorName?: string | null;
};
/** What a list or feed shows of a post. */
export type PostSummary = Pick<Post, "id" | "slug" | "title" | "summary" | "category" | "publishedAt" | "updatedAt">;

export const POSTS_PAGE_SIZE = 10;
export const ADMIN_POSTS_PAGE_SIZE = 25;
export const FEED_SIZE = 20;

export const postPath = (slug: string) => `/newsroom/${slug}`;

const summaryColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  summary: posts.summary,
  category: posts.category,
  publishedAt: posts.publishedAt,
  updatedAt: posts.updatedAt,
};

const model = recordModel<Post, PostWrite>({
  table: posts,
  entity: "post",
  collection: "posts",
  describe: (post) => String(post.title),
  orderBy: [posts.id],
  check: async (tx, input, id) => {
    if (await slugTaken(tx, posts, input.slug, id)) return { field: "slug", message: POST_MESSAGES.slugTaken(input.slug) };
    // A cover deleted from the library since (a restored version, a post back from the trash) is refused
    // here rather than by the foreign key; the lock holds the image until this write commits.
    if (typeof input.coverImageId === "number") {
      const [cover] = await tx.select({ id: media.id }).from(media).where(eq(media.id, input.coverImageId)).for("key share");
      if (!cover) return { field: "coverImageId", message: POST_MESSAGES.coverImage };
    }
    return null;
  },
  stored: (input, before) => ({
    ...input,
    coverImageId: input.coverImageId === undefined ? (before?.coverImageId ?? null) : input.coverImageId,
    authorName: input.authorName?.trim() || DEFAULT_POST_AUTHOR,
    ...publicationColumns(input, before),
  }),
  // The Markdown is rendered here, once per write, so that a view never renders it.
  derived: {
    columns: ["bodyHtml", "bodyText", "searchExcerpt", "renderedWith"],
    from: async (values, tx) =>
      renderOffThread("post", values as Pick<Post, "summary" | "body">, getConfig().publicUrl.origin, await bodyMediaSizes(String(values.body ?? ""), tx)),
  },
  afterWrite: async (tx, post, actor, before) => {
    const at = now();
    // A post visitors could read keeps its old address working.
    if (before && before.slug !== post.slug && before.status === "published" && before.publishedAt && before.publishedAt <= at) {
      await pageMovedIn(tx, postPath(before.slug), postPath(post.slug), actor, `Post "${post.title}" moved`);
    }
    await endPreviewLinksOnceLive(tx, "post", post, before);
  },
  afterDelete: (tx, post) => deleteRecordPreviewLinks(tx, "post", post.id),
});

export const getPost = model.get;
export const updatePost = model.update;
export const deletePost = model.remove;
export const restorePostVersion = model.restoreVersion;
export const restorePostFromTrash = model.restoreFromTrash;

/**
 * A new post: its byline is the author the operator typed, or the newsroom's ("By Kestrel Insight
 * Newsroom", as the seeded posts say), never the operator's name by default.
 */
export async function createPost(input: PostWrite, actor: Actor): Promise<WriteResult<Post>> {
  const financialPromotion = input.financialPromotion ?? input.category === "product_update";
  return model.create({ ...input, financialPromotion, authorId: actor.userId } as PostWrite, actor);
}

/** Any post by its slug, whatever its status: an operator's preview. */
export async function getPostBySlug(slug: string): Promise<Post | null> {
  const [post] = await getDb().select().from(posts).where(eq(posts.slug, slug));
  return post ?? null;
}

export type PostFilter = { state?: PublicationState | null; category?: PostCategory | null; page?: number };

/** The admin list: newest change first, filtered by state and category. */
export async function listPosts(filter: PostFilter = {}): Promise<PageOf<Post>> {
  const where = and(stateCondition(posts, filter.state, now()), filter.category ? eq(posts.category, filter.category) : undefined);
  const [counted] = await getDb().select({ n: count() }).from(posts).where(where);
  const total = Number(counted?.n ?? 0);
  const window = pageWindow(total, filter.page ?? 1, ADMIN_POSTS_PAGE_SIZE);
  const items = await getDb().select().from(posts).where(where).orderBy(desc(posts.updatedAt), desc(posts.id)).limit(window.limit).offset(window.offset);
  return { items, total, page: window.page, pageCount: window.pageCount };
}

async function countLive(): Promise<number> {
  return cached("posts:live-count", async () => {
    await watchSchedule();
    const [counted] = await getDb().select({ n: count() }).from(posts).where(liveCondition(posts, now()));
    return Number(counted?.n ?? 0);
  });
}

/**
 * A page of the newsroom: live posts, newest first, POSTS_PAGE_SIZE a page. Null for a page past the end
 * (only pages that exist are cached, so asking for page 99999 fills nothing).
 */
export async function livePostsPage(page: number): Promise<PageOf<PostSummary> | null> {
  const total = await countLive();
  const pageCount = Math.max(1, Math.ceil(total / POSTS_PAGE_SIZE));
  if (!Number.isSafeInteger(page) || page < 1 || page > pageCount) return null;
  return cached(`posts:live-page:${page}`, async () => {
    const items = await getDb()
      .select(summaryColumns)
      .from(posts)
      .where(liveCondition(posts, now()))
      .orderBy(desc(posts.publishedAt), desc(posts.id))
      .limit(POSTS_PAGE_SIZE)
      .offset((page - 1) * POSTS_PAGE_SIZE);
    return { items, total, page, pageCount };
  });
}

/** Every live post's slug and last change (the sitemap, and which slugs may be looked up at all). */
export function livePostIndex(): Promise<ReadonlyMap<string, { id: number; updatedAt: Date; publishedAt: Date }>> {
  return cached("posts:live-index", async () => {
    await watchSchedule();
    const rows = await getDb()
      .select({ id: posts.id, slug: posts.slug, updatedAt: posts.updatedAt, publishedAt: posts.publishedAt })
      .from(posts)
      .where(liveCondition(posts, now()))
      .orderBy(desc(posts.publishedAt));
    return new Map(rows.map((row) => [row.slug, { id: row.id, updatedAt: row.updatedAt, publishedAt: row.publishedAt! }]));
  });
}

/** A live post by slug, or null (a draft, a scheduled post and an unknown slug look the same). */
export async function livePost(slug: string): Promise<Post | null> {
  const entry = (await livePostIndex()).get(slug);
  const live = entry ? await cached(`posts:live:${entry.id}`, () => model.get(entry.id)) : null;
  return previewedBySlug("posts", slug, live);
}

/** The newest live posts with their bodies: the RSS feed. */
export function latestLivePosts(limit = FEED_SIZE): Promise<Post[]> {
  return cached(`posts:latest:${limit}`, async () => {
    await watchSchedule();
    return getDb().select().from(posts).where(liveCondition(posts, now())).orderBy(desc(posts.publishedAt), desc(posts.id)).limit(limit);
  });
}

/** Posts by id, for the API's bulk reads. */
export async function postsById(ids: number[]): Promise<Post[]> {
  if (!ids.length) return [];
  return getDb().select().from(posts).where(inArray(posts.id, ids)).orderBy(asc(posts.id));
}
