import { deletePost, getPost, updatePost } from "~/models/posts.server";
import { publicationItemRoute } from "~/server/api/publishing-api.server";
import { postAdminJson, postUpdateRequest } from "~/server/api/publishing-resources.server";

const handle = publicationItemRoute({
  notFound: "Post not found",
  request: postUpdateRequest,
  get: getPost,
  update: updatePost,
  remove: deletePost,
  toJson: postAdminJson,
});

export const loader = handle;
export const action = handle;
