import { livePost } from "~/models/posts.server";
import { apiError, apiRoute, publicJson } from "~/server/api/api.server";
import { postJson } from "~/server/api/publishing-resources.server";
import { postRecord } from "~/server/api/publishing-resources.server";
import { publicRead, type ApiOperation } from "~/server/api/openapi-operations.server";

/** GET /api/posts/{slug}: a live post; a draft, a scheduled post and an unknown slug are all 404. */
const handle = apiRoute({
  async GET({ request, params }) {
    const post = params.slug ? await livePost(params.slug) : null;
    if (!post) throw apiError(404, "Post not found");
    return publicJson(request, postJson(post));
  },
});

export const loader = handle;
export const action = handle;

export const openapi: ApiOperation[] = [
  publicRead("/api/posts/{slug}", "A published news post", postRecord, {
    description: "A draft, a scheduled post and an unknown slug are all 404.",
  }),
];
