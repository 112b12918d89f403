import { createPost, listPosts } from "~/models/posts.server";
import { POST_CATEGORIES } from "~/schemas/post";
import { enumParam, publicationListRoute } from "~/server/api/publishing-api.server";
import {
  postAdminJson,
  postAdminPage,
  postAdminRecord,
  postRequest,
} from "~/server/api/publishing-resources.server";
import {
  operatorCall,
  PAGE_QUERY,
  PAGINATION_NOTE,
  type ApiOperation,
} from "~/server/api/openapi-operations.server";

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

export const openapi: ApiOperation[] = [
  operatorCall(
    "get",
    "/api/admin/posts",
    "Every post, any status, most recently changed first, 25 a page",
    { status: 200, schema: postAdminPage },
    {
      description: PAGINATION_NOTE,
      query: [
        PAGE_QUERY,
        { name: "state", enum: POST_STATES, description: "Only posts in this state." },
        { name: "category", enum: POST_CATEGORIES, description: "Only posts of this category." },
      ],
      also: [400, 404],
    },
  ),
  operatorCall(
    "post",
    "/api/admin/posts",
    "Create a post (a draft, published now, or scheduled by publishAt)",
    { status: 201, schema: postAdminRecord, location: true },
    { request: postRequest },
  ),
];
