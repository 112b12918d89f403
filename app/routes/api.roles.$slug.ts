import { liveRole } from "~/models/roles.server";
import { liveRecordRoute } from "~/server/publishing/live-record-route.server";
import { roleJson, roleRecord } from "~/server/api/publishing-resources.server";
import { cachedWith, publicEndpoint } from "~/server/api/openapi-operations.server";

export const openapi = publicEndpoint("/api/roles/{slug}", "Content", {
  get: {
    summary: "An open role",
    success: cachedWith(roleRecord),
    description: "A draft, scheduled or closed role and an unknown slug are all 404.",
  },
});

/** GET /api/roles/{slug}: an open role; a draft, scheduled or closed role and an unknown slug are all 404. */
const handle = liveRecordRoute({ find: liveRole, notFound: "Role not found", toJson: roleJson });

export { handle as loader, handle as action };
