import { liveRole } from "~/models/roles.server";
import { roleJson } from "~/server/api/publishing-resources.server";
import { liveRecordRoute } from "~/server/publishing/live-record-route.server";

/** GET /api/roles/{slug}: an open role; a draft, scheduled or closed role and an unknown slug are all 404. */
const handle = liveRecordRoute({ find: liveRole, notFound: "Role not found", toJson: roleJson });

export const loader = handle;
export const action = handle;
