import { roles } from "~/collections/roles";
import { liveRole } from "~/models/roles.server";
import { roleJson, roleRecord } from "~/server/api/publishing-resources.server";
import { liveRecordEndpoint } from "~/server/publishing/live-record-route.server";

/** GET /api/roles/{slug}: an open role; a draft, scheduled or closed role and an unknown slug are all 404. */
const { openapi, handle } = liveRecordEndpoint(roles, {
  summary: "An open role",
  notLive: "A draft, scheduled or closed role",
  record: roleRecord,
  find: liveRole,
  toJson: roleJson,
});

export { openapi, handle as loader, handle as action };
