import { livePost } from "~/models/posts.server";
import { postJson } from "~/server/api/publishing-resources.server";
import { liveRecordRoute } from "~/server/publishing/live-record-route.server";

/** GET /api/posts/{slug}: a live post; a draft, a scheduled post and an unknown slug are all 404. */
const handle = liveRecordRoute({ find: livePost, notFound: "Post not found", toJson: postJson });

export const loader = handle;
export const action = handle;
