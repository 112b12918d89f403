import { livePost } from "~/models/posts.server";
import { liveRecordRoute } from "~/server/publishing/live-record-route.server";
import { postJson, postRecord } from "~/server/api/publishing-resources.server";
import { cachedWith, publicEndpoint } from "~/server/api/openapi-operations.server";

export const openapi = publicEndpoint("/api/posts/{slug}", "Content", {
  get: {
    summary: "A published news post",
    success: cachedWith(postRecord),
    description: "A draft, a scheduled post and an unknown slug are all 404.",
  },
});

/** GET /api/posts/{slug}: a live post; a draft, a scheduled post and an unknown slug are all 404. */
const handle = liveRecordRoute({ find: livePost, notFound: "Post not found", toJson: postJson });

export { handle as loader, handle as action };
