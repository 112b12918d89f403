import { liveRolesNewestFirst } from "~/models/roles.server";
import { apiRoute, publicJson } from "~/server/api/api.server";
import { roleJson, roleRecord } from "~/server/api/publishing-resources.server";
import { publicList, type ApiOperation } from "~/server/api/openapi-operations.server";

/** GET /api/roles: the open roles visitors see (published, their time come, not closed), newest first. */
const handle = apiRoute({
  async GET({ request }) {
    return publicJson(request, (await liveRolesNewestFirst()).map(roleJson));
  },
});

export { handle as loader, handle as action };

export const openapi: ApiOperation[] = [
  publicList("/api/roles", "Open roles (published, not closed), newest first", roleRecord, {
    description:
      "A short list, so a bare array like the other lists; a role leaves it by itself at its closesAt.",
  }),
];
