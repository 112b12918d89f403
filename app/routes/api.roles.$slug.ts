import { liveRole } from "~/models/roles.server";
import { liveRecordRoute } from "~/server/publishing/live-record-route.server";
import { roleJson, roleRecord } from "~/server/api/publishing-resources.server";
import { publicRead, type ApiOperation } from "~/server/api/openapi-operations.server";

/** GET /api/roles/{slug}: an open role; a draft, scheduled or closed role and an unknown slug are all 404. */
const handle = liveRecordRoute({ find: liveRole, notFound: "Role not found", toJson: roleJson });

export { handle as loader, handle as action };

export const openapi: ApiOperation[] = [
  publicRead("/api/roles/{slug}", "An open role", roleRecord, {
    description: "A draft, scheduled or closed role and an unknown slug are all 404.",
  }),
];
