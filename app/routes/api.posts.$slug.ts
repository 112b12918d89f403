import { livePost } from "~/models/posts.server";
import { liveRecordRoute } from "~/server/publishing/live-record-route.server";
import { postJson, postRecord } from "~/server/api/publishing-resources.server";
import { publicRead, type ApiOperation } from "~/server/api/openapi-operations.server";

/** GET /api/posts/{slug}: a live post; a draft, a scheduled post and an unknown slug are all 404. */
const handle = liveRecordRoute({ find: livePost, notFound: "Post not found", toJson: postJson });

export { handle as loader, handle as action };

export const openapi: ApiOperation[] = [
  publicRead("/api/posts/{slug}", "A published news post", postRecord, {
    description: "A draft, a scheduled post and an unknown slug are all 404.",
  }),
];
