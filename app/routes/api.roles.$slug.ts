import { liveRole } from "~/models/roles.server";
import { apiError, apiRoute, publicJson } from "~/server/api/api.server";
import { roleJson } from "~/server/api/publishing-resources.server";
import { roleRecord } from "~/server/api/publishing-resources.server";
import { publicRead, type ApiOperation } from "~/server/api/openapi-operations.server";

/** GET /api/roles/{slug}: an open role; a draft, scheduled or closed role and an unknown slug are all 404. */
const handle = apiRoute({
  async GET({ request, params }) {
    const role = params.slug ? await liveRole(params.slug) : null;
    if (!role) throw apiError(404, "Role not found");
    return publicJson(request, roleJson(role));
  },
});

export const loader = handle;
export const action = handle;

export const openapi: ApiOperation[] = [
  publicRead("/api/roles/{slug}", "An open role", roleRecord, {
    description: "A draft, scheduled or closed role and an unknown slug are all 404.",
  }),
];
