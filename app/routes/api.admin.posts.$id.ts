import { deletePost, getPost, updatePost } from "~/models/posts.server";
import { publicationItemRoute } from "~/server/api/publishing-api.server";
import { postAdminJson, postAdminRecord, postUpdateRequest } from "~/server/api/publishing-resources.server";
import { operatorCall, type ApiOperation } from "~/server/api/openapi-operations.server";

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

export const openapi: ApiOperation[] = [
  operatorCall("get", "/api/admin/posts/{id}", "A post, any status", {
    status: 200,
    schema: postAdminRecord,
  }),
  operatorCall(
    "put",
    "/api/admin/posts/{id}",
    "Update a post (a new slug of a published post redirects the old address, 301)",
    { status: 200, schema: postAdminRecord },
    { request: postUpdateRequest },
  ),
  operatorCall("delete", "/api/admin/posts/{id}", "Delete a post", { status: 204 }),
];
