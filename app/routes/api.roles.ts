import { liveRolesNewestFirst } from "~/models/roles.server";
import { apiRoute, publicJson } from "~/server/api/api.server";
import { roleJson } from "~/server/api/publishing-resources.server";

/** GET /api/roles: the open roles visitors see (published, their time come, not closed), newest first. */
const handle = apiRoute({
  async GET({ request }) {
    return publicJson(request, (await liveRolesNewestFirst()).map(roleJson));
  },
});

export const loader = handle;
export const action = handle;
