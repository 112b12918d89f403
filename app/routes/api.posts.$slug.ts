import { posts } from "~/collections/posts";
import { livePost } from "~/models/posts.server";
import { postJson, postRecord } from "~/server/api/publishing-resources.server";
import { liveRecordEndpoint } from "~/server/publishing/live-record-route.server";

/** GET /api/posts/{slug}: a live post; a draft, a scheduled post and an unknown slug are all 404. */
const { openapi, handle } = liveRecordEndpoint(posts, {
  summary: "A published news post",
  notLive: "A draft, a scheduled post",
  record: postRecord,
  find: livePost,
  toJson: postJson,
});

export { openapi, handle as loader, handle as action };
