import { livePostsPage, postsById } from "~/models/posts.server";
import { apiError, apiRoute, publicJson } from "~/server/api/api.server";
import { PAGE_NOT_FOUND, pageLinks, pageParam } from "~/server/api/publishing-api.server";
import { postJson, postPage } from "~/server/api/publishing-resources.server";
import {
  cachedWith,
  PAGE_QUERY,
  PAGINATION_NOTE,
  publicEndpoint,
} from "~/server/api/openapi-operations.server";

export const openapi = publicEndpoint("/api/posts", "Content", {
  get: {
    summary: "Published news posts, newest first, 10 a page",
    success: cachedWith(postPage),
    description: PAGINATION_NOTE,
    query: [PAGE_QUERY],
    also: [400, 404],
  },
});

/**
 * GET /api/posts: live posts, newest first, 10 a page (`?page=`), as `{ items, page, pageCount, total }`
 * with Link rel="prev"/"next". A page past the end is a 404, as /newsroom?page= is.
 */
const handle = apiRoute({
  async GET({ request }) {
    const page = await livePostsPage(pageParam(request));
    if (!page) throw apiError(404, PAGE_NOT_FOUND);
    const byId = new Map((await postsById(page.items.map((item) => item.id))).map((post) => [post.id, post]));
    const items = page.items.flatMap((item) => {
      const post = byId.get(item.id);
      return post ? [postJson(post)] : [];
    });
    return publicJson(
      request,
      { items, page: page.page, pageCount: page.pageCount, total: page.total },
      pageLinks(request, page.page, page.pageCount),
    );
  },
});

export { handle as loader, handle as action };
