import { createPost, listPosts } from "~/models/posts.server";
import { POST_CATEGORIES } from "~/schemas/post";
import { enumParam, publicationListRoute } from "~/server/api/publishing-api.server";
import { postAdminJson, postRequest } from "~/server/api/publishing-resources.server";

const POST_STATES = ["draft", "scheduled", "published"] as const;

/** Every post, any status, most recently changed first, 25 a page; ?state= and ?category= filter. */
const handle = publicationListRoute({
  notFound: "Post not found",
  request: postRequest,
  filter: (request) => ({
    state: enumParam(request, "state", POST_STATES),
    category: enumParam(request, "category", POST_CATEGORIES),
  }),
  list: listPosts,
  create: createPost,
  toJson: postAdminJson,
});

export const loader = handle;
export const action = handle;
