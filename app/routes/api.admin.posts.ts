import { createPost, listPosts } from "~/models/posts.server";
import { POST_CATEGORIES } from "~/schemas/post";
import { apiError, apiRoute, created, privateJson, requireOperatorWrite, writtenRecord } from "~/server/api/api.server";
import {
  enumParam,
  PAGE_NOT_FOUND,
  pageLinks,
  pageParam,
  readPublicationBody,
} from "~/server/api/publishing-api.server";
import { postAdminJson, postRequest } from "~/server/api/publishing-resources.server";
import { actorOf, requireAdminApi } from "~/server/auth/auth.server";

const POST_STATES = ["draft", "scheduled", "published"] as const;

const handle = apiRoute({
  /** Every post, any status, most recently changed first, 25 a page; ?state= and ?category= filter. */
  async GET({ request }) {
    await requireAdminApi(request);
    const requested = pageParam(request);
    const state = enumParam(request, "state", POST_STATES);
    const category = enumParam(request, "category", POST_CATEGORIES);
    const page = await listPosts({ state, category, page: requested });
    if (page.page !== requested) throw apiError(404, PAGE_NOT_FOUND);
    return privateJson(
      { items: page.items.map(postAdminJson), page: page.page, pageCount: page.pageCount, total: page.total },
      pageLinks(request, page.page, page.pageCount),
    );
  },
  async POST(args) {
    const user = await requireOperatorWrite(args);
    const input = await readPublicationBody(args.request, postRequest);
    const record = writtenRecord(await createPost(input, actorOf(user)), "Post not found");
    return created(args.request, postAdminJson(record));
  },
});

export const loader = handle;
export const action = handle;
